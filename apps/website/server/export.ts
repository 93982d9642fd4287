// `npm run website:export -- DIR`: every page of the website in every public language as static files (HTML,
// sitemap.xml, robots.txt, 404.html) for any static host or CDN; images stay on Bursary's /media. Rebuilt on
// Bursary's `site.changed` webhook, it keeps a static copy of the website current.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { everyRoute, pathOf } from '../src/lib/routes.ts';
import { loadWebsiteConfig, WebsiteConfigError } from './config.ts';
import { createWebsite } from './website-server.ts';

/** The file a page's path is written to: `/` → index.html, `/fr/faqs` → fr/faqs/index.html. */
export function fileOf(path: string): string {
  return path === '/' ? 'index.html' : join(...path.split('/').filter(Boolean), 'index.html');
}

export async function exportSite(dir: string, env: NodeJS.ProcessEnv): Promise<number> {
  // an address of its own for the time of the export: the pages are read from it as a visitor would
  const config = { ...loadWebsiteConfig(env), host: '127.0.0.1', port: 0 };
  const website = await createWebsite(config, () => {});
  try {
    website.store.stop();
    await website.store.refresh();
    const { port } = website.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const snapshot = website.store.snapshot();
    const files: [string, string, number][] = [
      ['/sitemap.xml', 'sitemap.xml', 200],
      ['/robots.txt', 'robots.txt', 200],
      ['/this-page-does-not-exist', '404.html', 404],
    ];
    for (const locale of snapshot.locales) {
      for (const route of everyRoute(snapshot, locale.code)) {
        const path = pathOf(route, locale.code, snapshot.defaultLocale);
        files.push([path, fileOf(path), 200]);
      }
    }
    for (const [path, file, expected] of files) {
      const response = await fetch(origin + path);
      if (response.status !== expected) throw new Error(`${path} answered ${response.status}, not ${expected}`);
      const target = join(dir, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, await response.text());
    }
    return files.length;
  } finally {
    await website.close();
  }
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Say where to write the website: npm run website:export -- DIR');
    process.exit(1);
  }
  const target = resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  try {
    const count = await exportSite(target, process.env);
    console.log(`Wrote ${count} files of the website to ${target}`);
  } catch (error) {
    if (error instanceof WebsiteConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(`The website could not be exported: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
