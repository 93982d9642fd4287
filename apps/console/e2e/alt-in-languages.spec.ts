import { expect, expectToast, test } from './support/fixtures.ts';
import { freshPng } from './support/png.ts';
import { addLanguage, removeLanguage } from './support/languages.ts';

/**
 * An image's alternative text on an edit form in another language: the language's own text, edited beside the default
 * language's and saved in that language, while the image stays one for every language. The test removes the language
 * it added, so every other test meets a website in one language.
 */

/** A language code of each project's own (and none other tests use), so two runs never meet. */
const codeFor = (isMobile: boolean) => (isMobile ? 'sv' : 'ca');
const nameFor = (isMobile: boolean) => (isMobile ? 'Svenska' : 'Català');

test("a success story's form in another language edits that language's alternative text beside the default's", async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const code = codeFor(isMobile);
  const language = nameFor(isMobile);
  const alt = uid('A student reading in the library');
  const created = await api.ctx.post('/api/success-stories', {
    multipart: {
      student_name: uid('Alt on the form'),
      date: '2024-05-17',
      story: '<p>I read every day.</p>',
      image_alt: alt,
      image: { name: 'photo.png', mimeType: 'image/png', buffer: freshPng(21) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const story = (await created.json()) as { id: number; image: string };
  const name = story.image.slice(story.image.lastIndexOf('/') + 1);
  await addLanguage(api, code, language, true);
  const inMedia = uid(`${language} alt from Media`);
  const patched = await api.ctx.patch(`/api/media/${name}?locale=${code}`, { data: { alt: inMedia } });
  expect(patched.status(), await patched.text()).toBe(200);
  try {
    await page.goto(`/success-stories/edit/${story.id}`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption(code);
    const input = page.getByRole('textbox', { name: 'Alternative text' });
    await expect(input).toHaveValue(inMedia);
    await expect(page.getByRole('note', { name: 'Alternative text in English (default)' })).toContainText(alt);
    await expect(page.getByRole('group', { name: 'Image' })).toContainText('Shared by all languages');

    const typed = uid(`${language} alt from the form`);
    await input.fill(typed);
    await page.getByRole('button', { name: `Save ${language}` }).click();
    await expectToast(page, `${language} saved`);

    // the website reads it in that language; the default language's text is as it was
    const read = async (query: string) =>
      ((await (await api.ctx.get(`/api/success-stories/${story.id}${query}`)).json()) as { image_alt: string })
        .image_alt;
    expect(await read(`?locale=${code}`)).toBe(typed);
    expect(await read('')).toBe(alt);
  } finally {
    await removeLanguage(api, code);
    await api.ctx.delete(`/api/success-stories/${story.id}`);
  }
});
