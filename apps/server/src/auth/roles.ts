import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '@bursary/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';

/** Each role may do what the roles after it may. */
const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

function refusal(role: Role, needed: Role): string {
  if (needed === 'admin') return 'Only an administrator can do this.';
  return `Your role (${role}) can read but not change anything. Ask an administrator for the editor role.`;
}

function roleAllows(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** The roles that may do what `needed` may: for queries that ask whether someone still holds such a role. */
export const rolesReaching = (needed: Role): Role[] =>
  (Object.keys(RANK) as Role[]).filter((role) => roleAllows(role, needed));

/** 403 unless the signed-in user's role reaches `needed`; runs after authenticate. */
function roleCheck(needed: Role): onRequestAsyncHookHandler {
  return async (request) => {
    const user = request.user;
    if (!user) throw new UnauthorizedError();
    if (!roleAllows(user.role, needed)) {
      throw new ForbiddenError(refusal(user.role, needed));
    }
  };
}

/**
 * The one way a route asks for a token and a role: spread it into the route options, e.g.
 * `app.post('/api/x', requireRole(app, 'editor'), handler)`. The token is checked first, before
 * any body is read; then the role.
 */
export function requireRole(app: FastifyInstance, needed: Role) {
  return { onRequest: [app.authenticate, roleCheck(needed)] };
}
