import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Permission, roleOf, rolesWith } from '../src/permissions.ts';

const all = Object.keys(PERMISSIONS) as Permission[];
const granted = (user: Parameters<typeof can>[0]) => all.filter((permission) => can(user, permission));

describe('the permission table', () => {
  it('gives administrators everything', () => {
    expect(granted({ role: 'admin' })).toEqual(all);
  });

  it('gives editors the content and reads, and nothing of the administration', () => {
    expect(granted({ role: 'editor' }).sort()).toEqual(
      [
        'content:write',
        'history:read',
        'logs:read',
        'media:read',
        'media:write',
        'preview:create',
        'schedules:read',
        'site-health:read',
      ].sort(),
    );
  });

  it('gives viewers reads only', () => {
    expect(granted({ role: 'viewer' }).sort()).toEqual(
      ['history:read', 'logs:read', 'media:read', 'schedules:read', 'site-health:read'].sort(),
    );
  });

  it('keeps each role within what the role above it may do', () => {
    for (const permission of all) {
      if (can({ role: 'viewer' }, permission)) expect(can({ role: 'editor' }, permission)).toBe(true);
      if (can({ role: 'editor' }, permission)) expect(can({ role: 'admin' }, permission)).toBe(true);
    }
  });

  it('reads a missing or unknown role as a viewer', () => {
    expect(roleOf({ role: 'admin' })).toBe('admin');
    expect(roleOf({})).toBe('viewer');
    expect(roleOf({ role: 'root' })).toBe('viewer');
    expect(roleOf(null)).toBe('viewer');
    expect(granted({ role: 'root' })).toEqual(granted({ role: 'viewer' }));
    expect(granted(undefined)).toEqual(granted({ role: 'viewer' }));
  });

  it('lets an administrator, or a user holding can_review, approve changes', () => {
    expect(can({ role: 'admin' }, 'review:approve')).toBe(true);
    expect(can({ role: 'admin', can_review: false }, 'review:approve')).toBe(true);
    expect(can({ role: 'editor' }, 'review:approve')).toBe(false);
    expect(can({ role: 'editor', can_review: false }, 'review:approve')).toBe(false);
    expect(can({ role: 'editor', can_review: true }, 'review:approve')).toBe(true);
    expect(can({ role: 'viewer', can_review: true }, 'review:approve')).toBe(true);
  });

  it('grants nothing else through can_review', () => {
    expect(granted({ role: 'viewer', can_review: true })).toEqual([...granted({ role: 'viewer' }), 'review:approve']);
    expect(granted({ role: 'editor', can_review: true }).sort()).toEqual(
      [...granted({ role: 'editor' }), 'review:approve'].sort(),
    );
  });

  it('names the roles that hold a permission by themselves', () => {
    expect(rolesWith('content:write').sort()).toEqual(['admin', 'editor']);
    expect(rolesWith('preview:create').sort()).toEqual(['admin', 'editor']);
    expect(rolesWith('users:manage')).toEqual(['admin']);
    expect(rolesWith('review:approve')).toEqual(['admin']);
    expect(rolesWith('history:read').sort()).toEqual(['admin', 'editor', 'viewer']);
  });
});
