import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@bursary/shared';
import { readIfMatch } from '../lib/etag.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import type { WriteContext } from './write-support.ts';
import { requireRole } from '../auth/roles.ts';

export function writeContext(app: FastifyInstance, request: FastifyRequest): WriteContext {
  // authenticate ran as the route's first hook; a write without a user must never proceed
  if (!request.user) throw new UnauthorizedError();
  return { db: app.db, config: app.config, username: request.user.username, ifMatch: readIfMatch(request.headers) };
}

/** Answers 304 when the client already holds this version (If-None-Match), else sets the ETag. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('ETag', etag);
  const held = request.headers['if-none-match'];
  if (typeof held !== 'string') return false;
  const matches = held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (matches) void reply.status(304);
  return matches;
}

/** The console reads the total from a cross-origin-safe header too. */
export function setTotal(reply: FastifyReply, total: number): void {
  void reply.header(TOTAL_COUNT_HEADER, String(total)).header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ETag`);
}

/** The token is checked before anything else about a write, body parsing included; then the editor role. */
export const requireEditor = (app: FastifyInstance) => requireRole(app, 'editor');
