import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { can, type Permission, type Role } from '@bursary/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';

/**
 * The refusal's sentence: what an editor may do is refused to a viewer as a role that reads only; anything else
 * only an administrator may do.
 */
function refusal(role: Role, permission: Permission): string {
  if (!can({ role: 'editor' }, permission)) return 'Only an administrator can do this.';
  return `Your role (${role}) can read but not change anything. Ask an administrator for the editor role.`;
}

/** 403 unless the signed-in user may do what `permission` names; runs after authenticate. */
function permissionCheck(permission: Permission): onRequestAsyncHookHandler {
  return async (request) => {
    const user = request.user;
    if (!user) throw new UnauthorizedError();
    if (!can(user, permission)) throw new ForbiddenError(refusal(user.role, permission));
  };
}

/**
 * The one way a route asks for a token and a permission: spread it into the route options, e.g.
 * `app.post('/api/x', requirePermission(app, 'content:write'), handler)`. The token is checked first, before
 * any body is read; then the permission (the table in `@bursary/shared`'s permissions).
 */
export function requirePermission(app: FastifyInstance, permission: Permission) {
  return { onRequest: [app.authenticate, permissionCheck(permission)] };
}
