import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import {
  addLanguage,
  putInLanguage,
  readInEveryLanguage,
  removeLanguage,
  withFaqInLanguage,
} from './support/languages.ts';

/**
 * Languages in the console: the administrators' Languages page, the 'Language' switcher above a generic edit form and
 * above a sub-item list, and a list's '{CODE} missing' badge. Each test removes the language it added, so every other
 * test meets a website in one language.
 */

/** A language code of each project's own, so a language left by a failed run of one project cannot meet another. */
const codeFor = (isMobile: boolean) => (isMobile ? 'it' : 'de');
const nameFor = (isMobile: boolean) => (isMobile ? 'Italiano' : 'Deutsch');

const languageCard = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

test('an administrator adds, renames, shows and deletes a language; deleting asks first', async ({
  page,
  api,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  await removeLanguage(api, code);
  try {
    await page.goto('/dashboard');
    await navigate(page, isMobile, 'Languages');
    await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible();
    await expect(languageCard(page, 'English')).toContainText('Default');

    const add = page.getByRole('form', { name: 'Add a language' });
    await add.getByLabel('Code').fill(code);
    await add.getByLabel('Name').fill(nameFor(isMobile));
    await add.getByRole('button', { name: 'Add language' }).click();
    await expectToast(page, 'Language added', `${nameFor(isMobile)} is not shown on the website yet.`);

    const card = languageCard(page, nameFor(isMobile));
    await card.getByLabel('Name').fill(`${nameFor(isMobile)} (test)`);
    await card.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Language renamed');
    const renamed = languageCard(page, `${nameFor(isMobile)} \\(test\\)`);
    const shown = renamed.getByRole('switch', { name: 'Show on the website' });
    await expect(shown).not.toBeChecked();
    await shown.click();
    await expectToast(page, 'Shown on the website');
    await expect(shown).toBeChecked();

    await renamed.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: `Delete ${nameFor(isMobile)} (test)?` });
    await expect(question).toContainText('will be deleted with its translations in every record');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Language deleted');
    await expect(renamed).toHaveCount(0);
  } finally {
    await removeLanguage(api, code);
  }
});

test('the switcher edits a milestone in another language beside the default text; its date stays shared', async ({
  page,
  api,
  uid,
  isMobile,
}, testInfo) => {
  const code = codeFor(isMobile);
  const title = uid('Fund opened');
  const milestone = await api.create('milestones', { title, date: '2020-01-15', description: 'The first loans.' });
  await addLanguage(api, code, nameFor(isMobile));
  try {
    await page.goto(`/milestones/edit/${milestone.id}`);
    const switcher = page.getByRole('combobox', { name: 'Language' });
    await expect(switcher.getByRole('option')).toHaveText(['English (default)', nameFor(isMobile)]);
    await switcher.selectOption({ label: nameFor(isMobile) });
    await expect(page.getByRole('note', { name: 'Title in English (default)' })).toHaveText(
      `English (default)${title}`,
    );
    await expect(page.getByRole('group', { name: 'Date' })).toContainText('Shared by all languages');
    await expectNoSeriousViolations(page, testInfo, 'in another language');
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (${code})`);
    await page.getByRole('button', { name: `Save ${nameFor(isMobile)}` }).click();
    await expectToast(page, `${nameFor(isMobile)} saved`);

    const saved = await readInEveryLanguage<{ title: Record<string, string>; date: string }>(
      api,
      `/api/milestones/${milestone.id}`,
    );
    expect(saved.title).toEqual({ en: title, [code]: `${title} (${code})` });
    expect(saved.date.slice(0, 10)).toBe('2020-01-15');
  } finally {
    await removeLanguage(api, code);
    await api.remove('milestones', milestone.id);
  }
});

test("'Save as draft' keeps a record's text in another language waiting; the banner's 'Publish' makes it live", async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const title = uid('Fees');
  const fields = { title, description: '<p>None.</p>' };
  const language = { code, name: nameFor(isMobile) };
  await withFaqInLanguage(api, language, fields, { title: `${title} (${code})` }, async (faq) => {
    const websiteTitle = async () =>
      ((await (await api.ctx.get(`/api/faqs/${faq.id}?locale=${code}`)).json()) as { title: string }).title;
    await page.goto(`/faqs/edit/${faq.id}`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: nameFor(isMobile) });
    const question = page.getByRole('textbox', { name: 'Question (Title)' });
    await expect(question).toHaveValue(`${title} (${code})`);
    await question.fill(`${title} (${code}, next)`);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expectToast(page, 'Draft saved');
    const banner = page.getByRole('region', { name: 'Publishing' });
    await expect(banner).toContainText('This record has unpublished changes');
    await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();
    await expect(question).toHaveValue(`${title} (${code}, next)`);
    // the website goes on reading the live text in that language
    expect(await websiteTitle()).toBe(`${title} (${code})`);

    await banner.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'Published');
    expect(await websiteTitle()).toBe(`${title} (${code}, next)`);
    await expect(banner).not.toContainText('This record has unpublished changes');
  });
});

test("the switcher above the Steps list edits each step's text in another language", async ({
  page,
  api,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  await api.putSingle('steps', { title: 'How to apply' });
  const [record] = await api.list<{ steps?: { id: number; step: string }[] }>('steps');
  if (!record?.steps?.length) await api.ctx.post('/api/steps/sub', { data: { step: 'Register' } });
  const [steps] = await api.list<{ steps: { id: number; step: string }[] }>('steps');
  const first = steps?.steps[0]?.step ?? '';
  await addLanguage(api, code, nameFor(isMobile));
  try {
    await page.goto('/steps');
    const block = page.getByRole('region', { name: 'Process Steps' });
    await block.getByRole('combobox', { name: 'Language' }).selectOption({ label: nameFor(isMobile) });
    await expect(block.getByRole('note', { name: 'Step 1 in English (default)' })).toHaveText(first);
    await expect(block.getByRole('button', { name: 'Add Step' })).toHaveCount(0);
    // a list in another language is saved whole: every step gets its text (other tests may have added steps)
    for (const [index, item] of (steps?.steps ?? []).entries())
      await block.getByRole('textbox', { name: `Step ${index + 1}`, exact: true }).fill(`${item.step} (${code})`);
    await block.getByRole('button', { name: 'Save Steps' }).click();
    await expectToast(page, 'Steps updated successfully.');

    const [saved] = await readInEveryLanguage<{ steps: { step: Record<string, string> }[] }[]>(api, '/api/steps');
    expect(saved?.steps[0]?.step[code]).toBe(`${first} (${code})`);
  } finally {
    await removeLanguage(api, code);
  }
});

test("a list badges '{CODE} missing' on a record that lacks a public language", async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const missing = await api.create('faqs', { title: uid('Untranslated'), description: '<p>Yes.</p>' });
  const translated = await api.create('faqs', { title: uid('Translated'), description: '<p>No.</p>' });
  await addLanguage(api, code, nameFor(isMobile), true);
  try {
    await putInLanguage(api, `/api/faqs/${translated.id}`, code, { title: 'Übersetzt', description: '<p>Nein.</p>' });
    await page.goto('/faqs');
    const badge = `${code.toUpperCase()} missing`;
    const cardOf = (title: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await page.getByRole('searchbox').fill(String(missing.title));
    await expect(cardOf(String(missing.title)).getByText(badge, { exact: true })).toBeVisible();
    await page.getByRole('searchbox').fill(String(translated.title));
    await expect(cardOf(String(translated.title))).toBeVisible();
    await expect(cardOf(String(translated.title)).getByText(badge, { exact: true })).toHaveCount(0);
  } finally {
    await removeLanguage(api, code);
    await api.remove('faqs', missing.id);
    await api.remove('faqs', translated.id);
  }
});

/**
 * Outdated and missing translations: the list's '{CODE} outdated' badge, 'Needs update' and 'Mark as up to date' on the
 * edit screen in that language, and Site health's translation problems linking to the field in its language. Codes of
 * their own, so a language left by a failed run of one of them cannot meet the tests above.
 */
const outdatedCodeFor = (isMobile: boolean) => (isMobile ? 'pt' : 'nl');
const outdatedNameFor = (isMobile: boolean) => (isMobile ? 'Português' : 'Nederlands');
const outdatedLanguage = (isMobile: boolean) => ({ code: outdatedCodeFor(isMobile), name: outdatedNameFor(isMobile) });

test("an outdated translation is badged in the list and on its field until marked 'up to date'", async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = outdatedCodeFor(isMobile);
  const title = uid('How do I repay?');
  const fields = { title, description: '<p>Monthly.</p>' };
  const translation = { title: `${title} (${code})`, description: '<p>M.</p>' };
  await withFaqInLanguage(api, outdatedLanguage(isMobile), fields, translation, async (faq) => {
    await api.update('faqs', faq.id, { title: `${title}, and when?` });

    await page.goto('/faqs');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title}, and when?` }) });
    await page.getByRole('searchbox').fill(title);
    await expect(card.getByText(`${code.toUpperCase()} outdated`, { exact: true })).toBeVisible();
    await expect(card.getByText(`${code.toUpperCase()} missing`, { exact: true })).toHaveCount(0);

    await page.goto(`/faqs/edit/${faq.id}`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: outdatedNameFor(isMobile) });
    const outdated = page.getByRole('group', { name: 'Question (Title) needs update' });
    await expect(outdated.getByText('Needs update', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Answer (Description) needs update' })).toHaveCount(0);
    await outdated.getByRole('button', { name: 'Mark as up to date' }).click();
    await expect(outdated).toHaveCount(0);

    const saved = await readInEveryLanguage<{ translations: Record<string, { outdated: string[] }> }>(
      api,
      `/api/faqs/${faq.id}`,
    );
    expect(saved.translations[code]?.outdated).toEqual([]);
    await page.goto('/faqs');
    await page.getByRole('searchbox').fill(title);
    await expect(card).toBeVisible();
    await expect(card.getByText(`${code.toUpperCase()} outdated`, { exact: true })).toHaveCount(0);
  });
});

test('Site health lists a missing translation and opens its field in that language', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = outdatedCodeFor(isMobile);
  const title = uid('Who may apply?');
  const fields = { title, description: '<p>Students.</p>' };
  await withFaqInLanguage(api, outdatedLanguage(isMobile), fields, { title: `${title} (${code})` }, async (faq) => {
    await page.goto('/site-health?check=missing-translation');
    const row = page
      .getByRole('region', { name: /^Missing translations/ })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(row).toContainText(`No ${outdatedNameFor(isMobile)} text for "Answer (Description)"`);
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/faqs/edit/${faq.id}?field=description&locale=${code}`);
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue(code);
    await expect(page.getByRole('button', { name: `Save ${outdatedNameFor(isMobile)}` })).toBeVisible();
  });
});
