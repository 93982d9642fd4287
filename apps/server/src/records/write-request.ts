import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readIfMatch } from '../lib/etag.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import type { WriteContext } from './write-concurrency.ts';

/** What a write needs from its request: the database, the settings, who writes, the If-Match and the app's pipeline. */
export function writeContextOf(app: FastifyInstance, request: FastifyRequest): WriteContext {
  // authenticate ran as the route's first hook; a write without a user must never proceed
  if (!request.user) throw new UnauthorizedError();
  return {
    db: app.db,
    config: app.config,
    username: request.user.username,
    ifMatch: readIfMatch(request.headers),
    changes: app.changePipeline,
  };
}
