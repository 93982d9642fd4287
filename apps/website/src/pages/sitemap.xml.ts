import type { APIRoute } from 'astro';
import { everyRoute, pathOf } from '../lib/routes.ts';
import { isUnavailable } from '../lib/site.ts';
import { UNAVAILABLE } from '../lib/words.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every page in every public language, each with its alternates in the others (as search engines read them). */
export const GET: APIRoute = ({ locals }) => {
  const { settings } = locals.site;
  let snapshot;
  try {
    snapshot = locals.site.snapshot();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return new Response(UNAVAILABLE, { status: 503, headers: { 'Retry-After': '60' } });
  }
  // a record is one in every language, so each page has its alternate in every public language
  const urls: string[] = [];
  const address = (path: string) => escapeXml(settings.url + path);
  for (const locale of snapshot.locales) {
    for (const route of everyRoute(snapshot, locale.code)) {
      const alternates = snapshot.locales.map(
        (other) =>
          `    <xhtml:link rel="alternate" hreflang="${other.code}" href="${address(pathOf(route, other.code, snapshot.defaultLocale))}"/>`,
      );
      const loc = address(pathOf(route, locale.code, snapshot.defaultLocale));
      urls.push(`  <url>\n    <loc>${loc}</loc>\n${alternates.join('\n')}\n  </url>`);
    }
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
