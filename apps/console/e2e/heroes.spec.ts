import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { pngFile } from './support/png.ts';
import {
  expectRenderedRichText,
  expectStoredRichText,
  fileInput,
  searchAndClear,
  searchBox,
  showView,
  typeRichText,
} from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

test('Heroes: empty state, setup with an image and rich text, both views, search, edit', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  await api.clearSingle('heroes');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Heroes');
  await expect(page.getByRole('heading', { level: 1, name: 'Heroes' })).toBeVisible();
  await expect(page.getByText('Manage your heroes content', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Hero Content' })).toBeVisible();
  await expect(searchBox(page)).toBeDisabled();
  await page.getByRole('link', { name: 'Setup Heroes' }).click();
  await expect(page).toHaveURL('/heroes/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit heroes' })).toBeVisible();

  const title = uid('Study now, pay later');
  await page.getByLabel('Title').fill(title);
  const rich = {
    plain: 'Loans for every student.',
    bold: 'Zero fees',
    bullets: ['Apply online', 'Get paid in a week'],
  };
  await typeRichText(page, 'Description', rich);
  await page.getByLabel('Button 1').fill('Apply now');
  await page.getByLabel('Button 2').fill('Learn more');
  const banner = pngFile(title);
  await fileInput(page, 'Image').setInputFiles(banner);
  await expect(page.getByText('New Image Preview', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/heroes');

  const [stored] = await api.list<{ id: number; image: string; description: string }>('heroes');
  expect(stored?.image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  expectStoredRichText(stored?.description, rich);

  // list is the default: Title, Description Snippet, Actions
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Description Snippet', 'Actions']);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('cell').nth(1)).toHaveText(
    'Loans for every student. Zero fees Apply online Get paid in a week',
  );
  await showView(page, 'Grid');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.getByText('Apply now', { exact: true })).toBeVisible();
  await expect(card.getByText('Learn more', { exact: true })).toBeVisible();
  await expect(card.locator(`img[src="${stored?.image}?w=640"]`)).toBeVisible();
  await expectRenderedRichText(card, rich);
  await searchAndClear(page, 'Zero fees', card);

  await page.getByRole('link', { name: 'Edit Heroes' }).click();
  await expect(page).toHaveURL(`/heroes/edit/${stored?.id}`);
  await expect(page.getByText('Current Image', { exact: true })).toBeVisible();
  // the current image by its uploaded file's name and size, not its stored address
  await expect(page.getByText(/^Current file: .+, \d+ × \d+ px$/)).toBeVisible();
  await page.getByLabel('Button 2').fill('Read the terms');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  const after = await api.get<{ button2: string; image: string }>('heroes', stored?.id ?? 0);
  expect(after.button2).toBe('Read the terms');
  // no new file picked: the image stays
  expect(after.image).toBe(stored?.image);
});
