import { defineMiddleware } from 'astro:middleware';

/** A cache in front (a CDN, a proxy) may keep a public page a minute, and serve it a minute longer while it asks. */
export const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

/**
 * The headers every answer carries. Pages run no script: the policy lets in the inline stylesheet, Bursary's images
 * (rich text may hold data: images) and nothing else; a public page is framed by nobody, a preview by the console
 * alone. Previews are never kept, by the server nor by anyone between.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const { settings } = context.locals.site;
  const preview = context.url.pathname === '/preview';
  const headers = response.headers;
  const media = new URL(settings.mediaBase).origin;
  headers.set(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      // a crawler's audit reads robots.txt from the page itself
      "connect-src 'self'",
      `img-src ${media} data:`,
      "style-src 'unsafe-inline'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${preview ? settings.consoleOrigin : "'none'"}`,
    ].join('; '),
  );
  if (headers.get('Content-Type') === 'text/html') headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', preview ? 'no-referrer' : 'strict-origin-when-cross-origin');
  if (preview) {
    headers.set('Cache-Control', 'private, no-store');
    headers.set('X-Robots-Tag', 'noindex, nofollow');
    return response;
  }
  if (response.status === 503 || (response.status >= 300 && response.status < 400)) {
    headers.set('Cache-Control', 'no-store');
    return response;
  }
  headers.set('Cache-Control', PUBLIC_CACHE);
  const keep = context.locals.keep;
  if (!keep) return response;
  const body = await response.text();
  headers.set('ETag', keep({ status: response.status, headers, body }));
  if (context.request.headers.get('if-none-match') === headers.get('ETag')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, headers });
});
