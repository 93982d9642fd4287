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
 * style attributes; images may be data URLs because the editor embeds pictures that way.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful browser features the console never uses, switched off for it and anything it frames or
 * is framed by, so an injected script could not ask for them either. Only features Chromium knows:
 * a name it does not (Web Bluetooth's, for one) makes it log an error on every page.
 */
const CONSOLE_PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Headers every console answer carries, pages and built files alike. */
const CONSOLE_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': CONSOLE_PERMISSIONS_POLICY,
};

/**
 * Build output that is not the console itself: dotfiles and folders (Vite's .vite/manifest.json),
 * source maps, and the .br/.gz copies, which go out only as the coding of their own file (so never
 * with a type of their own or twice compressed). Checked on the decoded path, so %2E and ../
 * spellings are caught as well.
 */
export function isBuildMetadata(pathname: string): boolean {
  let path = pathname.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    /* an undecodable path is no file of the build either */
  }
  return path.split(/[/\\]/).some((segment) => segment.startsWith('.')) || /\.(?:map|br|gz)$/i.test(path);
}

const isConsoleAnswer = (url: string) => !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/');

/** Serves the built console (console at /, API at /api). */
export default fp(
  async (app) => {
    // every HTML page gets it, whichever route answered; media keep their own stricter policy
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isConsoleAnswer(request.url)) void reply.headers(CONSOLE_HEADERS);
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        void reply.header('Content-Security-Policy', CONSOLE_CSP);
      }
      done(null, payload);
    });
    const root = app.config.consoleDir;
    const built = existsSync(join(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // the build's .br/.gz copies by Accept-Encoding, with Content-Encoding and Vary,
        // so a console file never waits for compression; without a copy the file goes as it is
        preCompressed: true,
        // refused files fall through to the not-found handler, which answers them 404 (not the console page)
        allowedPath: (pathname) => !isBuildMetadata(pathname),
        // hashed build output never changes under its name; index.html must be revalidated (its
        // compressed copies are named after it, so they are told apart the same way)
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${sep}assets${sep}`);
          void reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.decorate('sendConsoleIndex', (reply: FastifyReply) => {
      if (!built)
        return reply
          .status(200)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(MISSING_BUILD_PAGE);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'bursary-console', dependencies: ['bursary-db'] },
);
