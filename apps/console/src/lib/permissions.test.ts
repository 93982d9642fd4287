import { describe, expect, it } from 'vitest';
import type { User } from '@bursary/shared';
import { hasRole, roleOf } from './permissions';

const user = (role?: string): User =>
  ({ id: 1, username: 'u', name: 'U', ...(role === undefined ? {} : { role }) }) as User;

describe('permissions', () => {
  it('reads the role, and a missing or unknown one as a viewer', () => {
    expect(roleOf(user('admin'))).toBe('admin');
    expect(roleOf(user())).toBe('viewer');
    expect(roleOf(user('root'))).toBe('viewer');
    expect(roleOf(null)).toBe('viewer');
  });

  it('ranks viewer < editor < admin', () => {
    expect(hasRole(user('viewer'), 'editor')).toBe(false);
    expect(hasRole(user('editor'), 'editor')).toBe(true);
    expect(hasRole(user('editor'), 'admin')).toBe(false);
    expect(hasRole(user('admin'), 'editor')).toBe(true);
    expect(hasRole(user('admin'), 'admin')).toBe(true);
  });
});
