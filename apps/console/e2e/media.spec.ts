import type { Page } from '@playwright/test';
import type { MediaItem } from '@bursary/shared/media';
import type { Api } from './support/api.ts';
import { expect, expectToast, navigate, test, toasts } from './support/fixtures.ts';
import { freshPng, pngFile } from './support/png.ts';
import { fileInput } from './support/ui.ts';
import { UNUSED_IMAGE_SIZE } from './support/env.ts';

/** The images' alternative text and focal point in the forms, and the media library at /media. */

const nameOf = (url: string) => url.slice(url.lastIndexOf('/media/') + '/media/'.length);

async function library(api: Api, params: Record<string, string | number> = {}): Promise<MediaItem[]> {
  const response = await api.ctx.get('/api/media', { params: { limit: 500, ...params } });
  expect(response.status()).toBe(200);
  return (await response.json()) as MediaItem[];
}

async function mediaItem(api: Api, name: string): Promise<MediaItem | undefined> {
  return (await library(api)).find((item) => item.name === name);
}

/**
 * The library's card of one image, found by its thumbnail's address: a card is headed by the uploaded file's own
 * name, which two images may share.
 */
const cardOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.locator(`img[src^="/media/${name}"]`) });

interface Story {
  id: number;
  image: string;
  image_alt: string;
}

/** A success story with a new image and its alternative text, made through the API as the console sends it. */
async function storyWithImage(api: Api, student: string, alt: string): Promise<Story> {
  const response = await api.ctx.post('/api/success-stories', {
    multipart: {
      student_name: student,
      date: '2024-05-17',
      image_alt: alt,
      image: { name: 'photo.png', mimeType: 'image/png', buffer: freshPng(20) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Story;
}

test('an uploaded image gets its alternative text in the same save, and its focal point on the edit screen', async ({
  page,
  api,
  uid,
}) => {
  const student = uid('Alt student');
  const alt = uid('A student holding her degree certificate');
  await page.goto('/success-stories/create');
  await page.getByLabel('Student Name').fill(student);
  await page.getByLabel('Date').fill('2024-05-17');
  const file = pngFile(student);
  await fileInput(page, 'Image').setInputFiles(file);
  // a new image is described now, and takes its focal point now too (left at its centre here)
  await expect(page.getByRole('slider', { name: 'Focal point' })).toHaveAttribute(
    'aria-valuetext',
    '50% across, 50% down',
  );
  await expect(
    page.getByText('Say what the image shows for people who cannot see it, in a short sentence. Leave out "image of".'),
  ).toBeVisible();
  await page.getByLabel('Alternative text').fill(alt);
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');

  const [story] = await api.list<Story>('success-stories', student);
  expect(story?.image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  expect(story?.image_alt).toBe(alt);
  const name = nameOf(story?.image ?? '');
  expect((await mediaItem(api, name))?.alt).toBe(alt);

  await page.goto(`/success-stories/edit/${story?.id}`);
  await expect(page.getByLabel('Alternative text')).toHaveValue(alt);
  // the form names the current image by the uploaded file's own name and its size, never by its stored address
  const { width, height } = (await mediaItem(api, name)) ?? {};
  await expect(page.getByText(`Current file: ${file.name}, ${width} × ${height} px`, { exact: true })).toBeVisible();
  await expect(page.getByText(/Current Path|[0-9a-f]{64}/)).toHaveCount(0);
  const picker = page.getByRole('slider', { name: 'Focal point' });
  await expect(picker).toHaveAttribute('aria-valuetext', '50% across, 50% down');
  await expect(picker).not.toHaveAttribute('aria-disabled', 'true');
  // the keyboard reaches it from the file input, and an arrow moves it
  await fileInput(page, 'Image').focus();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-valuetext', '55% across, 55% down');
  await expect(page.getByText('Focal point saved.')).toBeVisible();
  await expect.poll(async () => (await mediaItem(api, name))?.focal_x).toBe(0.55);
  expect((await mediaItem(api, name))?.focal_y).toBe(0.55);

  // a click puts it where it lands
  const box = await picker.boundingBox();
  if (!box) throw new Error('the picker has no box');
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect.poll(async () => (await mediaItem(api, name))?.focal_x ?? 0).toBeCloseTo(0.25, 1);
  expect((await mediaItem(api, name))?.focal_y ?? 0).toBeCloseTo(0.75, 1);
});

test('a new image takes its focal point before its first save, and keeps it once saved', async ({ page, api, uid }) => {
  const student = uid('Focal before save');
  await page.goto('/success-stories/create');
  await page.getByLabel('Student Name').fill(student);
  await page.getByLabel('Date').fill('2024-05-17');
  await fileInput(page, 'Image').setInputFiles(pngFile(student));
  const picker = page.getByRole('slider', { name: 'Focal point' });
  await expect(picker).toHaveAttribute('aria-valuetext', '50% across, 50% down');
  await picker.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(picker).toHaveAttribute('aria-valuetext', '45% across, 45% down');
  await page.getByLabel('Alternative text').fill(`${student} smiling`);
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');

  const [story] = await api.list<Story>('success-stories', student);
  const name = nameOf(story?.image ?? '');
  await expect.poll(async () => (await mediaItem(api, name))?.focal_x).toBe(0.45);
  expect((await mediaItem(api, name))?.focal_y).toBe(0.45);
  await page.goto(`/success-stories/edit/${story?.id}`);
  await expect(page.getByRole('slider', { name: 'Focal point' })).toHaveAttribute(
    'aria-valuetext',
    '45% across, 45% down',
  );
});

test('/media shows an image with its text and uses, filters, edits the text in place and refuses to delete it while used', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const student = uid('Library student');
  const story = await storyWithImage(api, student, uid('Graduates on the steps'));
  const name = nameOf(story.image);

  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Media');
  await expect(page).toHaveURL('/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  // headed by the uploaded file's own name, with its size beside it; the stored address is shown nowhere
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('photo.png');
  await expect(card.getByText(/20 × 20 px/)).toBeVisible();
  await expect(card.getByText(/[0-9a-f]{64}/)).toHaveCount(0);
  const thumbnail = card.getByRole('img', { name: story.image_alt });
  await expect(thumbnail).toHaveAttribute('src', `/media/${name}?w=320`);
  await expect(thumbnail).toHaveAttribute('srcset', `/media/${name}?w=320 1x, /media/${name}?w=640 2x`);
  // the variant is never larger than the original
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);
  await expect(card.getByText(/ · 20 × 20 px · /)).toBeVisible();
  const use = card.getByRole('link', { name: `Success Stories: ${student}` });
  await expect(use).toHaveAttribute('href', `/success-stories/edit/${story.id}`);

  // the filters: it has text and a use, so neither takes it
  await page.getByRole('checkbox', { name: 'Missing alternative text' }).check();
  await expect(page).toHaveURL('/media?missing_alt=1');
  await expect(card).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Missing alternative text' }).uncheck();
  await expect(card).toBeVisible();
  await page.getByRole('checkbox', { name: 'Unused' }).check();
  await expect(card).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Unused' }).uncheck();
  await expect(card).toBeVisible();

  // the text, edited where the image is: the record's answer carries it at once
  const changed = uid('Three graduates on the library steps');
  await card.getByLabel('Alternative text', { exact: true }).fill(changed);
  await card.getByRole('button', { name: /^Save the alternative text of / }).click();
  await expectToast(page, 'Alternative text saved');
  expect((await api.get<Story>('success-stories', story.id)).image_alt).toBe(changed);
  await expect(card.getByRole('img', { name: changed })).toBeVisible();

  // in use: no Delete, and the server refuses it too
  await expect(card.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  const refused = await api.ctx.delete(`/api/media/${name}`);
  expect(refused.status()).toBe(409);

  // its record deleted, it stays in that record's history (the trash can bring it back): the server says so
  await api.remove('success-stories', story.id);
  const kept = await api.ctx.delete(`/api/media/${name}`);
  expect(kept.status()).toBe(409);
  const reason = ((await kept.json()) as { message: string }).message;
  await page.reload();
  await expect(card.getByText('Not used by any record.')).toBeVisible();
  await card.getByRole('button', { name: /^Delete / }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete this image?' });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Image not deleted', reason);
  await expect(card).toBeVisible();
});

test('an unused image is deleted after the question, and its address is gone', async ({ page, api, isMobile }) => {
  // one the server stored before it started: an image only a deleted record's history keeps is 'unused' too
  const unused = (await library(api, { unused: 1 })).find((item) => item.width === UNUSED_IMAGE_SIZE);
  if (!unused) throw new Error('no unused image: the e2e server stores some before it starts');
  await page.goto('/media?unused=1');
  await expect(page.getByRole('checkbox', { name: 'Unused' })).toBeChecked();
  const card = cardOf(page, unused.name);
  await expect(card.getByText('Not used by any record.')).toBeVisible();
  await expect(card.getByText('No alternative text')).toBeVisible();

  // the question comes first, on the screen at either width, and Cancel keeps the image
  await card.getByRole('button', { name: /^Delete / }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete this image?' });
  await expect(question).toBeVisible();
  if (isMobile) await expect(question).toBeInViewport();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect((await page.request.get(unused.url)).status()).toBe(200);

  await card.getByRole('button', { name: /^Delete / }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  // an image stored without an upload's file name is named by its type
  await expectToast(page, 'Image deleted', unused.file_name ?? 'Unnamed PNG image');
  await expect(card).toHaveCount(0);
  expect((await page.request.get(unused.url)).status()).toBe(404);
  expect(await mediaItem(api, unused.name)).toBeUndefined();
  await expect(toasts(page).filter({ hasText: 'Image not deleted' })).toHaveCount(0);
});
