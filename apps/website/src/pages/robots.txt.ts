import type { APIRoute } from 'astro';

/** Crawlers are welcome everywhere but the previews, and are told where the sitemap is. */
export const GET: APIRoute = ({ locals }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /preview\n\nSitemap: ${locals.site.settings.url}/sitemap.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
