import { sections } from '@bursary/shared';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { SAMPLE } from './support/samples.ts';

/**
 * Every route of the console at this project's width, in the light theme and then the dark one
 * (the console follows prefers-color-scheme live), with axe-core on each.
 */
const collections = sections.filter((s) => s.kind === 'collection').map((s) => s.slug);
const singles = sections.filter((s) => s.kind === 'single').map((s) => s.slug);
const lists = sections.map((s) => `/${s.slug}`);

type Route = { path: string | ((ids: Record<string, number>) => string); signedOut?: boolean };
const routes: Route[] = [
  { path: '/', signedOut: true },
  { path: '/no-such-page', signedOut: true },
  { path: '/dashboard' },
  { path: '/settings' },
  { path: '/account' },
  { path: '/users' },
  { path: '/trash' },
  { path: '/media' },
  { path: '/site-health' },
  { path: '/webhooks' },
  { path: '/languages' },
  { path: '/create-faq' },
  { path: '/create-testimonial' },
  ...lists.map((path) => ({ path })),
  ...collections.map((slug) => ({ path: `/${slug}/create` })),
  ...collections.map((slug) => ({ path: (ids: Record<string, number>) => `/${slug}/edit/${ids[slug]}` })),
  ...singles.map((slug) => ({ path: `/${slug}/edit` })),
  // a record's history: one collection record's and one single-record section's
  { path: (ids: Record<string, number>) => `/faqs/history/${ids.faqs}` },
  { path: '/missions/history' },
];

async function sampleIds(api: Api): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const slug of collections) {
    const found = await api.list<{ id: number } & Record<string, unknown>>(slug, SAMPLE);
    const titleField = sections.find((s) => s.slug === slug)?.titleField ?? 'title';
    const record = found.find((r) => String(r[titleField]).startsWith(SAMPLE));
    if (!record) throw new Error(`no ${SAMPLE} record in ${slug}: the seed project runs first`);
    ids[slug] = record.id;
  }
  return ids;
}

let ids: Record<string, number> | undefined;

test.describe.configure({ mode: 'parallel' });

for (const route of routes) {
  const label =
    typeof route.path === 'string'
      ? route.path
      : route.path(Object.fromEntries(collections.map((c) => [c, 0]))).replace(/\/0$/, '/:id');
  test.describe(() => {
    if (route.signedOut) test.use({ storageState: { cookies: [], origins: [] } });

    test(`${label} in both themes passes axe`, async ({ page, api }, testInfo) => {
      ids ??= await sampleIds(api);
      const path = typeof route.path === 'string' ? route.path : route.path(ids);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await expectNoSeriousViolations(page, testInfo, 'light');

      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await expectNoSeriousViolations(page, testInfo, 'dark');
    });
  });
}
