import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors.ts';
import type { AuthUser } from './types.ts';

/** The user authenticate set; a handler behind it never runs without one. */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
