import { request, type Page } from '@playwright/test';
import { type FieldDef, type SectionDef, sections } from '@bursary/shared';
import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import type { Api, Json } from './support/api.ts';
import { BASE_URL } from './support/env.ts';
import { removeLanguage } from './support/languages.ts';
import { makePng } from './support/png.ts';
import { publishingBanner } from './support/website.ts';

/**
 * The done check of languages: an administrator adds French on the Languages page, writes French in every section
 * through the console alone (the generic edit form of each section, collections and single-record sections, and the
 * sub-item lists of the single-record sections), publishes the draft it wrote French on, shows French on the website,
 * and the website's reads in French answer the French text, falling back field by field to English where French has
 * none. One page, every screen reached as an editor reaches it.
 */

const FRENCH = 'Français';

/** Sub-item blocks as their pages show them: heading, an item's input name, the save button and its toast. */
const SUB_ITEM_BLOCKS: Record<string, { block: string; item: string; save: string; saved: string }> = {
  steps: { block: 'Process Steps', item: 'Step', save: 'Save Steps', saved: 'Steps updated successfully.' },
  benefits: {
    block: 'Benefit Points',
    item: 'Benefit point',
    save: 'Save Points',
    saved: 'Benefits updated successfully.',
  },
  missions: {
    block: 'Mission Points',
    item: 'Mission point',
    save: 'Save Points',
    saved: 'Mission points updated successfully.',
  },
  stakeholders: {
    block: 'Stakeholder Points',
    item: 'Stakeholder point',
    save: 'Save Points',
    saved: 'Stakeholders updated successfully.',
  },
};

const translatedOf = (section: SectionDef) =>
  Object.entries(section.fields).filter((entry): entry is [string, FieldDef] => Boolean(entry[1].translated));

/**
 * The translated fields French is written in: all but the last when a section has two or more, so each such section
 * has one field that falls back to English on the website.
 */
const writtenIn = (section: SectionDef) => {
  const translated = translatedOf(section);
  return translated.length > 1 ? translated.slice(0, -1) : translated;
};

const frenchOf = (section: SectionDef, name: string) => `${section.slug} ${name} en français`;

/** A record of each section in English, every field filled, sub-item lists of two; FAQs as a draft. */
async function englishRecord(api: Api, section: SectionDef, tag: string): Promise<{ id: number; english: Json }> {
  const english: Json = {};
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind === 'number') english[name] = 7;
    else if (def.kind === 'date') english[name] = '2024-03-01';
    else if (def.kind === 'richtext') english[name] = `<p>${section.slug} ${name} in English ${tag}</p>`;
    else if (def.kind !== 'image') english[name] = `${section.slug} ${name} in English ${tag}`;
  }
  const sub = section.subItems;
  if (sub) english[sub.field] = [1, 2].map((n) => ({ [sub.itemKey]: `${sub.itemLabel} ${n} in English` }));
  if (section.slug === 'faqs') english.status = 'draft';
  if (section.kind === 'single') return { id: (await api.putSingle(section.slug, english)).id, english };
  if (section.fields.image?.required === 'create') {
    const fields = Object.fromEntries(Object.entries(english).map(([name, value]) => [name, String(value)]));
    return { id: (await api.createWithImage(section.slug, fields, makePng(41))).id, english };
  }
  return { id: (await api.create(section.slug, english)).id, english };
}

/**
 * Opens a console address on the page already loaded, as going back and forth does: the router follows the browser's
 * history, so the console is not loaded again for each section.
 */
async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The edit screen of a section's record, its French form chosen in the 'Language' switcher. */
async function writeFrench(page: Page, section: SectionDef, id: number): Promise<void> {
  await openInConsole(page, section.kind === 'single' ? `/${section.slug}/edit` : `/${section.slug}/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${section.label}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: FRENCH });
  for (const [name, def] of writtenIn(section)) {
    const input = page.getByRole('textbox', { name: def.label, exact: true });
    if (def.kind === 'richtext') {
      await input.click();
      await page.keyboard.type(frenchOf(section, name));
    } else await input.fill(frenchOf(section, name));
  }
  await page.getByRole('button', { name: `Save ${FRENCH}` }).click();
  await expectToast(page, `${FRENCH} saved`);
}

/** On a single-record section's page (where a save of the form leads): its sub-items' text in French. */
async function writeFrenchItems(page: Page, section: SectionDef): Promise<void> {
  const texts = SUB_ITEM_BLOCKS[section.slug]!;
  const block = page.getByRole('region', { name: texts.block });
  await block.getByRole('combobox', { name: 'Language' }).selectOption({ label: FRENCH });
  for (const n of [1, 2])
    await block.getByRole('textbox', { name: `${texts.item} ${n}` }).fill(`${texts.item} ${n} en français`);
  await block.getByRole('button', { name: texts.save }).click();
  await expectToast(page, texts.saved);
}

test('French in every section through the console, then on the website with its fallbacks', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  test.skip(isMobile, 'one run covers it: the screens are the same ones the desktop project drives');
  test.setTimeout(180_000);
  await removeLanguage(api, 'fr');
  const tag = uid('everywhere');
  const records = new Map<string, { id: number; english: Json }>();
  for (const section of sections) records.set(section.slug, await englishRecord(api, section, tag));
  try {
    await page.goto('/dashboard');
    await navigate(page, isMobile, 'Languages');
    const add = page.getByRole('form', { name: 'Add a language' });
    await add.getByLabel('Code').fill('fr');
    await add.getByRole('button', { name: 'Add language' }).click();
    await expectToast(page, 'Language added', `${FRENCH} is not shown on the website yet.`);

    for (const section of sections) {
      const { id } = records.get(section.slug)!;
      // Testimonials translate nothing: the university's name is shared and the logo is an image
      if (translatedOf(section).length > 0) await writeFrench(page, section, id);
      if (section.subItems) await writeFrenchItems(page, section);
    }

    // the FAQ is a draft: French and English reach the website together when it is published
    await openInConsole(page, `/faqs/edit/${records.get('faqs')!.id}`);
    await publishingBanner(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Published');

    await navigate(page, isMobile, 'Languages');
    await page
      .getByRole('region', { name: new RegExp(`^${FRENCH}`) })
      .getByRole('switch', { name: 'Show on the website' })
      .click();
    await expectToast(page, 'Shown on the website');

    const website = await request.newContext({ baseURL: BASE_URL });
    try {
      for (const section of sections) {
        const { id, english } = records.get(section.slug)!;
        const response = await website.get(`/api/${section.slug}`, { params: { locale: 'fr' } });
        expect(response.status(), section.slug).toBe(200);
        const read = ((await response.json()) as Json[]).find((record) => record.id === id);
        expect(read, `${section.slug} ${id} on the website in French`).toBeDefined();
        const written = writtenIn(section).map(([name]) => name);
        const fallback = translatedOf(section)
          .map(([name]) => name)
          .filter((name) => !written.includes(name));
        expect(read!.locale).toBe('fr');
        expect(read!.fallback_fields, section.slug).toEqual(fallback);
        for (const name of written)
          expect(String(read![name]), `${section.slug}.${name}`).toContain(frenchOf(section, name));
        for (const name of fallback) expect(read![name], `${section.slug}.${name}`).toBe(english[name]);
        const sub = section.subItems;
        if (sub) {
          const texts = SUB_ITEM_BLOCKS[section.slug]!;
          expect((read![sub.field] as Json[]).map((item) => item[sub.itemKey])).toEqual(
            [1, 2].map((n) => `${texts.item} ${n} en français`),
          );
        }
      }
    } finally {
      await website.dispose();
    }
  } finally {
    await removeLanguage(api, 'fr');
    for (const section of sections)
      if (section.kind === 'collection') await api.remove(section.slug, records.get(section.slug)!.id);
  }
});
