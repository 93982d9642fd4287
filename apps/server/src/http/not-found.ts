import fp from 'fastify-plugin';
import { NotFoundError } from '../lib/errors.ts';
import { isBuildMetadata } from './console.ts';

const NO_SUCH_API_ADDRESS = 'This address does not exist in the API. The routes are listed at /api/openapi.json.';

const isApiPath = (url: string): boolean => /^\/api(?:$|[/?])/.test(url);

/**
 * Unknown addresses. Under /api a JSON 404, the same sentence whatever the method, headers and
 * body, answered before any body is read (so a bad content type or body cannot answer in its
 * place), and behind the token for anything but a read so that probing without one learns
 * nothing. Under /media a JSON 404; any other read is a console route and gets the console.
 */
export default fp(
  async (app) => {
    // a callback hook: every request passes it, and the known ones should not pay for a promise
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.is404 || !isApiPath(request.url)) {
        done();
        return;
      }
      const notFound = () => done(new NotFoundError(NO_SUCH_API_ADDRESS));
      if (request.method === 'GET' || request.method === 'HEAD') notFound();
      else app.authenticate.call(app, request, reply).then(notFound, done);
    });

    app.setNotFoundHandler(async (request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isApiPath(request.url)) throw new NotFoundError(NO_SUCH_API_ADDRESS);
      if (request.url.startsWith('/media/')) throw new NotFoundError('No such image.');
      if (isRead && !isBuildMetadata(request.url)) return app.sendConsoleIndex(reply);
      throw new NotFoundError('This address does not exist.');
    });
  },
  { name: 'bursary-not-found', dependencies: ['bursary-console'] },
);
