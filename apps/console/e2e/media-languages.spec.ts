import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './support/fixtures.ts';
import { freshPng } from './support/png.ts';
import { addLanguage, removeLanguage } from './support/languages.ts';

/**
 * An image's alternative text in each language, in the media library: the badge of a public language without it, the
 * 'Language' switcher, and the text saved in that language while the default's stays. The test removes the language
 * it added, so every other test meets a website in one language.
 */

/** A language code of each project's own (and none the Languages tests use), so two runs never meet. */
const codeFor = (isMobile: boolean) => (isMobile ? 'pt' : 'nl');
const nameFor = (isMobile: boolean) => (isMobile ? 'Português' : 'Nederlands');

const cardOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.locator(`img[src^="/media/${name}"]`) });

test('the media library badges a language without alternative text, and edits it in that language', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const language = nameFor(isMobile);
  const student = uid('Alt in languages');
  const alt = uid('A student reading in the library');
  const created = await api.ctx.post('/api/success-stories', {
    multipart: {
      student_name: student,
      date: '2024-05-17',
      image_alt: alt,
      image: { name: 'photo.png', mimeType: 'image/png', buffer: freshPng(20) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const story = (await created.json()) as { id: number; image: string };
  const name = story.image.slice(story.image.lastIndexOf('/') + 1);
  await addLanguage(api, code, language, true);
  try {
    await page.goto('/media');
    const card = cardOf(page, name);
    await expect(card.getByText(`${code.toUpperCase()} alt text missing`)).toBeVisible();
    await expect(card.getByLabel('Alternative text', { exact: true })).toHaveValue(alt);

    await page.getByRole('combobox', { name: 'Language' }).selectOption(code);
    const input = card.getByLabel(`Alternative text (${language})`);
    await expect(input).toHaveValue('');
    const translated = uid(`${language} alt`);
    await input.fill(translated);
    await card.getByRole('button', { name: new RegExp(`^Save the alternative text of .* in ${language}$`) }).click();
    await expectToast(page, 'Alternative text saved');
    await expect(card.getByText(`${code.toUpperCase()} alt text missing`)).toHaveCount(0);

    // the website reads it in that language; the default language's text is as it was
    const read = async (query: string) =>
      ((await (await api.ctx.get(`/api/success-stories/${story.id}${query}`)).json()) as { image_alt: string })
        .image_alt;
    expect(await read(`?locale=${code}`)).toBe(translated);
    expect(await read('')).toBe(alt);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await expect(card.getByLabel('Alternative text', { exact: true })).toHaveValue(alt);
  } finally {
    await removeLanguage(api, code);
    await api.ctx.delete(`/api/success-stories/${story.id}`);
  }
});
