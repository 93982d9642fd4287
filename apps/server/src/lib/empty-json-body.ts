import type { FastifyInstance } from 'fastify';

/**
 * Makes the routes of this scope (and only them: parsers are per scope) take a JSON request with no body at all
 * as `{}`. Routes that take nothing but their address (publish, unpublish, ping) are called by curl and
 * hand-written helpers with `Content-Type: application/json` and no body; anything else is parsed as everywhere.
 */
export function emptyJsonBodyIsEmptyObject(scope: FastifyInstance): void {
  // the same parser Fastify installs, with its default refusals of __proto__ and constructor keys
  const parse = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, {});
    else void parse(request, text, done);
  });
}
