// the wire contracts alone, without the zod schemas: this runs in the first signed-in screen's code
import { can, type Permission } from '@bursary/shared/permissions';
import { useSession } from './session';

export { can, roleOf } from '@bursary/shared/permissions';

/**
 * Whether the signed-in user may do what `permission` names, read from the one permission table the server's route
 * guards read too. The server enforces every permission; the console only hides what would be refused. A stored
 * user without a role (a session from before roles) counts as a viewer until GET /api/me answers its role.
 */
export function useCan(permission: Permission): boolean {
  return can(useSession()?.user, permission);
}
