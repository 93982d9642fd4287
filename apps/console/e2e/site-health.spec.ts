import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createUser, usernameOf } from './support/users.ts';
import { freshPng } from './support/png.ts';
import { fileInput } from './support/ui.ts';

/** The Site health page and card: a problem found as the content is saved, followed to its field, gone once fixed. */

/** How far the page scrolls sideways: a long unbroken word that does not wrap makes it wider than the window. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

test('a vague, insecure link is listed under Site health, opens its field, and is gone once fixed', async ({
  page,
  api,
  uid,
}) => {
  const title = uid('Where do I apply?');
  const { id } = await api.create('faqs', {
    title,
    description: '<p>Apply <a href="http://fund.example/apply">click here</a>.</p>',
  });

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Site health' });
  await card.getByRole('link', { name: /^Vague link text \(\d+\)$/ }).click();
  await expect(page).toHaveURL('/site-health?check=vague-link-text');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([/^Vague link text \(\d+\)$/]);

  await page.goto('/site-health');
  const vague = page.getByRole('region', { name: /^Vague link text/ });
  const row = vague.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Field: Answer (Description)');
  await expect(row).toContainText('A link in "Answer (Description)" says only "click here".');
  await expect(
    page
      .getByRole('region', { name: /^Insecure links/ })
      .getByRole('listitem')
      .filter({ hasText: title }),
  ).toContainText('goes to http://fund.example/apply, which is not secure');

  await page.getByLabel('Severity').selectOption('warning');
  await expect(page.getByRole('region', { name: /^Vague link text/ })).toHaveCount(0);
  await page.getByLabel('Severity').selectOption('');

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/faqs/edit/${id}?field=description`);
  await expect(page.locator('[aria-labelledby="field-description-label"][contenteditable]')).toBeFocused();

  await api.update('faqs', id, {
    description: '<p>Use <a href="https://fund.example/apply">the application form</a>.</p>',
  });
  await page.goto('/site-health');
  await expect(page.getByRole('heading', { level: 1, name: 'Site health' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});

test('a problem naming a long unbroken word wraps it: the page never scrolls sideways', async ({ page, api, uid }) => {
  // an administrator without two-factor sign-in is named in full in the problem's sentence
  const start = usernameOf(uid('long'));
  const username = `${start}-${'w'.repeat(63 - start.length)}`;
  await createUser(api, username, 'admin');
  await page.goto('/site-health?check=admin-without-2fa');
  const row = page.getByRole('listitem').filter({ hasText: `The administrator "${username}"` });
  await expect(row.getByRole('link', { name: username })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await row.getByRole('link', { name: username }).click();
  await expect(page).toHaveURL('/users');

  // the dashboard's newest logs name the user as well; other tests' writes may push that row out of the five it shows,
  // so its table is given the server's log rows naming this user
  await page.route('**/api/logs?limit=5', async (route) => {
    const all = await route.fetch({ url: route.request().url().replace('limit=5', 'limit=100') });
    const naming = ((await all.json()) as { content: string }[]).filter((log) => log.content.includes(username));
    await route.fulfill({ response: all, json: naming });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('cell', { name: `User "${username}" created` })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

test('an image without alternative text opens the Alternative text input, focused, not the file picker', async ({
  page,
  api,
  uid,
}) => {
  const student = uid('Undescribed photo');
  const response = await api.ctx.post('/api/success-stories', {
    multipart: {
      student_name: student,
      date: '2024-05-17',
      image: { name: 'photo.png', mimeType: 'image/png', buffer: freshPng(19) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };

  await page.goto('/site-health?check=missing-alt-text&section=success-stories');
  const group = page.getByRole('region', { name: /^Missing alternative text/ });
  const more = group.getByRole('button', { name: /^Show all/ });
  if (await more.isVisible()) await more.click();
  await group.getByRole('listitem').filter({ hasText: student }).getByRole('link', { name: student }).click();
  await expect(page).toHaveURL(`/success-stories/edit/${id}?field=image_alt`);
  await expect(page.getByLabel('Alternative text')).toBeFocused();
  await expect(fileInput(page, 'Image')).not.toBeFocused();
});
