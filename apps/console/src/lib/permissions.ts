// the wire contracts alone, without the zod schemas: this runs in the first signed-in screen's code
import { ROLES, type Role, type User } from '@bursary/shared/api';
import { useSession } from './session';

/**
 * What the signed-in user may do. The server enforces every role;
 * the console only hides what would be refused. A stored user without a role (a session from
 * before roles) counts as a viewer until GET /api/me answers its role.
 */
export function roleOf(user: User | null | undefined): Role {
  const role = user?.role;
  return role !== undefined && (ROLES as readonly string[]).includes(role) ? role : 'viewer';
}

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export function hasRole(user: User | null | undefined, needed: Role): boolean {
  return RANK[roleOf(user)] >= RANK[needed];
}

/** True for editors and administrators: create, edit, delete, save and restore controls. */
export function useCanEdit(): boolean {
  return hasRole(useSession()?.user, 'editor');
}

/** True for administrators: user administration. */
export function useIsAdmin(): boolean {
  return hasRole(useSession()?.user, 'admin');
}
