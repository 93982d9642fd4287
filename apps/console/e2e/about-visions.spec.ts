import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { pngFile } from './support/png.ts';
import { expectRenderedRichText, fileInput, searchAndClear, searchBox, typeRichText } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

test('About Heroes: empty state, setup with an image and rich text, edit', async ({ page, api, uid, isMobile }) => {
  await api.clearSingle('about-heroes');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'About Heroes');
  await expect(page.getByRole('heading', { level: 1, name: 'About Heroes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No About Content' })).toBeVisible();
  // The page filters but shows no search input
  await expect(searchBox(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Setup About Heroes' }).click();
  await expect(page).toHaveURL('/about-heroes/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit about heroes' })).toBeVisible();
  const title = uid('Who we are');
  await page.getByLabel('Title').fill(title);
  const rich = { plain: 'A fund run by graduates.', bold: 'Since 1998', bullets: ['Independent', 'Not for profit'] };
  await typeRichText(page, 'Description', rich);
  await fileInput(page, 'Image').setInputFiles(pngFile(title));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/about-heroes');
  const [stored] = await api.list<{ id: number; image: string }>('about-heroes');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.locator(`img[src="${stored?.image}?w=640"]`)).toBeVisible();
  await expectRenderedRichText(card, rich);

  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(`/about-heroes/edit/${stored?.id}`);
  await expect(page.getByText('Current Image', { exact: true })).toBeVisible();
  const renamed = `${title} (edited)`;
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
});

test('Visions: empty state, setup, search with its no-results text, edit', async ({ page, api, uid, isMobile }) => {
  await api.clearSingle('visions');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Visions');
  await expect(page.getByRole('heading', { level: 1, name: 'Visions' })).toBeVisible();
  await expect(page.getByText('Manage your vision statement', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Vision Content' })).toBeVisible();
  await page.getByRole('link', { name: 'Setup Visions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit visions' })).toBeVisible();
  const title = uid('A degree for everyone');
  await page.getByLabel('Title').fill(title);
  const rich = { plain: 'By 2030.', bold: 'No student turned away', bullets: ['Access', 'Fairness'] };
  await typeRichText(page, 'Description', rich);
  await fileInput(page, 'Image').setInputFiles(pngFile(title));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/visions');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const [stored] = await api.list<{ image: string }>('visions');
  // a decorative image: empty alt text
  await expect(card.locator(`img[src="${stored?.image}?w=640"]`)).toBeVisible();
  await expectRenderedRichText(card, rich);

  const query = `zz-nothing-${Date.now()}`;
  await searchBox(page).fill(query);
  await expect(page.getByText(new RegExp(`^No visions found matching .*${query}`))).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await searchAndClear(page, 'No student turned away', card);

  await card.getByRole('link', { name: 'Edit Vision' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit visions' })).toBeVisible();
  const renamed = `${title} (edited)`;
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
});
