import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the console's index.html (the single-page app routes itself), or a build hint. */
    sendConsoleIndex: (reply: FastifyReply) => FastifyReply;
  }
}

const MISSING_BUILD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bursary</title></head>
<body><h1>Bursary</h1><p>The console has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>,
which builds it when needed), then reload this page. The content API is running at <code>/api</code>.</p></body></html>`;

/**
 * The console's Content-Security-Policy: its own scripts only, so a payload that slips past both
 * sanitisers still runs nothing and calls nowhere. Styles stay inline-capable because Quill writes
 * style attributes; images may be data URLs because the editor embeds pictures that way (SPEC.md 1).
 */
export const CONSOLE_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "frame-src 'none'", "base-uri 'none'",
  "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** Serves the built console (DESIGN.md 3: console at /, API at /api). */
export default fp(async (app) => {
  // every HTML page gets it, whichever route answered; media keep their own stricter policy
  app.addHook('onSend', async (_request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      void reply.header('Content-Security-Policy', CONSOLE_CSP);
    }
  });
  const root = app.config.consoleDir;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      // hashed build output never changes under its name; index.html must be revalidated
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${sep}assets${sep}`);
        void reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.decorate('sendConsoleIndex', (reply: FastifyReply) => {
    if (!built) return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(MISSING_BUILD_PAGE);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}, { name: 'bursary-console', dependencies: ['bursary-db'] });
