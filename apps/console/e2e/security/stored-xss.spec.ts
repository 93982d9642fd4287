import type { Page } from '@playwright/test';
import { type FieldDef, type SectionDef, sections } from '@bursary/shared';
import { expect, test } from '../support/fixtures.ts';
import type { Api, Json } from '../support/api.ts';
import { makePng } from '../support/png.ts';
import { PAYLOADS, pack } from './payloads.ts';
import { armSentinels, type Sentinels } from './sentinels.ts';
import { networkQuiet } from '../support/network-quiet.ts';

/**
 * No stored payload runs in the console: every payload written straight to the API (bypassing
 * Quill) into every text and rich-text field, then viewed where the console renders it: the list
 * page in both of its views, the edit screen (rich text into Quill), the dashboard's logs and the
 * content area. Zero sentinel hits, with the console's CSP and with it bypassed.
 */
test.describe.configure({ mode: 'serial' });

const TEXT_KINDS = new Set(['text', 'textarea', 'richtext']);
/** Edit screens opened per collection besides the one holding every payload in its rich text. */
const EDIT_SAMPLE = Number(process.env.XSS_EDIT_SAMPLE || 3);
/** Rounds of different title payloads for the one record of single-record sections. */
const SINGLE_ROUNDS = Number(process.env.XSS_SINGLE_ROUNDS || 3);

interface Seeded {
  section: SectionDef;
  ids: number[];
}
const seeded: Seeded[] = [];
const counts = { payloads: PAYLOADS.length, fieldValues: 0, views: 0 };

/**
 * Rich text takes every payload but the pasted images: a save moves those into the media store, checked like uploads,
 * and one that does not decode refuses the whole save (the server's suites test that), so it is never stored to be seen.
 */
const RICH_TEXT_PAYLOADS = PAYLOADS.filter((payload) => !/data:image\//i.test(payload));

const textFields = (section: SectionDef) =>
  Object.entries(section.fields).filter(([, def]) => TEXT_KINDS.has(def.kind));

function plainValue(def: FieldDef, imageUrl: string): unknown {
  if (def.kind === 'number') return 7;
  if (def.kind === 'date') return '2024-05-01';
  if (def.kind === 'image') return imageUrl;
  return undefined;
}

/**
 * The record body number `k` of a section: text fields take their k-th packed chunk; rich text in record 0 takes every
 * payload.
 */
function recordBody(section: SectionDef, k: number, imageUrl: string): Json {
  const body: Json = {};
  for (const [name, def] of Object.entries(section.fields)) {
    if (!TEXT_KINDS.has(def.kind)) {
      body[name] = plainValue(def, imageUrl);
      continue;
    }
    const limit = def.kind === 'richtext' && k === 0 ? def.max : Math.min(def.max, 300);
    const chunks = pack(def.kind === 'richtext' ? RICH_TEXT_PAYLOADS : PAYLOADS, limit - 20);
    // the sanitiser may empty a chunk of rich text; a plain paragraph keeps a required field filled
    body[name] =
      def.kind === 'richtext' ? `<p>record ${k}</p>${chunks[k % chunks.length] ?? ''}` : chunks[k % chunks.length];
  }
  const sub = section.subItems;
  if (sub && k === 0)
    body[sub.field] = pack(PAYLOADS, sub.max)
      .slice(0, 200)
      .map((text) => ({ [sub.itemKey]: text }));
  return body;
}

/** How many records a collection needs so that every payload lands in every one of its text fields. */
const recordsNeeded = (section: SectionDef) =>
  Math.max(1, ...textFields(section).map(([, def]) => pack(PAYLOADS, Math.min(def.max, 300) - 20).length));

async function seed(api: Api): Promise<void> {
  const upload = await api.createWithImage<{ image: string }>(
    'disbursement-testimonials',
    { university_name: 'XSS seed image' },
    makePng(606),
  );
  for (const section of sections) {
    const ids: number[] = [];
    if (section.kind === 'single') {
      await api.clearSingle(section.slug);
      ids.push((await api.putSingle(section.slug, recordBody(section, 0, upload.image))).id);
    } else {
      for (let k = 0; k < recordsNeeded(section); k += 1)
        ids.push((await api.create(section.slug, recordBody(section, k, upload.image))).id);
    }
    counts.fieldValues += ids.length * textFields(section).length;
    seeded.push({ section, ids });
  }
}

/**
 * Waits until the screen has fetched and drawn its data, and handlers of broken images had their turn: a failed
 * image's error handler runs as its request fails, inside the quiet window that follows it.
 */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  counts.views += 1;
}

async function viewList(page: Page, sentinels: Sentinels, slug: string): Promise<void> {
  sentinels.where(`/${slug} list page`);
  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
  const toggle = page.getByRole('group', { name: 'View' });
  if (await toggle.count()) {
    for (const view of ['Grid', 'List']) {
      sentinels.where(`/${slug} ${view} view`);
      await toggle.getByRole('button', { name: view }).click();
      await settle(page);
    }
  }
}

async function viewEdit(page: Page, sentinels: Sentinels, section: SectionDef, id: number): Promise<void> {
  sentinels.where(`/${section.slug}/edit/${id}`);
  await page.goto(`/${section.slug}/edit/${id}`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  if (Object.values(section.fields).some((def) => def.kind === 'richtext'))
    await expect(page.locator('.ql-editor').first()).toBeVisible();
  await settle(page);
}

for (const csp of ['with', 'without'] as const) {
  test.describe(`stored XSS ${csp} the console CSP`, () => {
    test.use({ bypassCSP: csp === 'without', viewport: { width: 1280, height: 800 } });
    test.setTimeout(240_000);

    test.beforeAll(async ({ api }) => {
      if (!seeded.length) await seed(api);
    });

    test(`list pages in both views, the dashboard and the content area (${csp} CSP)`, async ({ page }) => {
      const sentinels = await armSentinels(page);
      for (const { section } of seeded) await viewList(page, sentinels, section.slug);
      sentinels.where('/dashboard');
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Logs', exact: true })).toBeVisible();
      await settle(page);
      expect(sentinels.hits).toEqual([]);
    });

    test(`edit screens, rich text loaded into Quill (${csp} CSP)`, async ({ page }) => {
      const sentinels = await armSentinels(page);
      for (const { section, ids } of seeded) {
        for (const id of ids.slice(0, 1 + EDIT_SAMPLE)) await viewEdit(page, sentinels, section, id);
      }
      expect(sentinels.hits).toEqual([]);
    });

    test(`single-record sections with other payloads in their titles (${csp} CSP)`, async ({ page, api }) => {
      const sentinels = await armSentinels(page);
      for (let round = 1; round < SINGLE_ROUNDS; round += 1) {
        for (const { section } of seeded.filter((s) => s.section.kind === 'single')) {
          const body = recordBody(section, round, '');
          const { id } = await api.putSingle(
            section.slug,
            Object.fromEntries(
              Object.entries(body).filter(([name]) => TEXT_KINDS.has(section.fields[name]?.kind ?? '')),
            ),
          );
          await viewList(page, sentinels, section.slug);
          await viewEdit(page, sentinels, section, id);
        }
      }
      expect(sentinels.hits).toEqual([]);
    });
  });
}

test.afterAll(() => {
  console.log(
    `stored XSS: ${counts.payloads} payloads, ${counts.fieldValues} field values written over ${seeded.reduce((n, s) => n + s.ids.length, 0)} records in ${seeded.length} sections, ${counts.views} screens viewed`,
  );
});
