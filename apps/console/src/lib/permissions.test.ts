import { describe, expect, it } from 'vitest';
import type { User } from '@bursary/shared';
import { can, roleOf } from './permissions';

const user = (role?: string): User =>
  ({ id: 1, username: 'u', name: 'U', ...(role === undefined ? {} : { role }) }) as User;

describe('permissions', () => {
  it('reads the role, and a missing or unknown one as a viewer', () => {
    expect(roleOf(user('admin'))).toBe('admin');
    expect(roleOf(user())).toBe('viewer');
    expect(roleOf(user('root'))).toBe('viewer');
    expect(roleOf(null)).toBe('viewer');
  });

  it('lets editors and administrators edit, and administrators alone administer', () => {
    expect(can(user('viewer'), 'content:write')).toBe(false);
    expect(can(user('editor'), 'content:write')).toBe(true);
    expect(can(user('editor'), 'users:manage')).toBe(false);
    expect(can(user('admin'), 'content:write')).toBe(true);
    expect(can(user('admin'), 'users:manage')).toBe(true);
  });

  it('treats a user without a known role as a viewer: reads, and no control', () => {
    expect(can(user(), 'content:write')).toBe(false);
    expect(can(user('root'), 'users:manage')).toBe(false);
    expect(can(null, 'history:read')).toBe(true);
  });
});
