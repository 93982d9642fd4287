import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { pngFile } from './support/png.ts';
import { confirmDelete, emptyCollection, fileInput, searchAndClear, searchBox, showView } from './support/ui.ts';

const deleteText = (name: string) =>
  `Are you sure you want to delete the testimonial for "${name}"? This action cannot be undone.`;

test('Disbursement Testimonials: the empty state', async ({ page, isMobile }) => {
  await emptyCollection(page, 'disbursement-testimonials');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Disbursement Testimonials');
  await expect(page.getByRole('heading', { level: 1, name: 'Disbursement Testimonials' })).toBeVisible();
  await expect(page.getByText('Manage university testimonials and logos', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Testimonials Yet' })).toBeVisible();
});

test('Disbursement Testimonials: create with a logo, both views, search, edit, delete', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const university = uid('Northfield University');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Disbursement Testimonials');
  await page.getByRole('link', { name: 'New Testimonial' }).first().click();
  await expect(page).toHaveURL('/create-testimonial');
  await expect(page.getByRole('heading', { name: 'Testimonial Details' })).toBeVisible();

  // The trimmed name is required; submit stays disabled
  const submit = page.getByRole('button', { name: 'Create Testimonial' });
  await page.getByLabel('University Name').fill('   ');
  await expect(page.getByText('University Name is required.', { exact: true })).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('University Name').fill(university);
  await expect(page.getByText('University Name is required.', { exact: true })).toBeHidden();

  // only png, jpeg, gif, webp and svg are taken
  await fileInput(page, 'University Logo / Image').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByRole('alert').filter({ hasText: /PNG, JPEG, GIF, WebP or SVG/ })).toBeVisible();
  const logo = pngFile(university);
  await fileInput(page, 'University Logo / Image').setInputFiles(logo);
  await expect(page.getByText('New Image Preview', { exact: true })).toBeVisible();
  await expect(page.getByText(logo.name, { exact: true })).toBeVisible();
  await submit.click();
  await expectToast(page, 'Testimonial created successfully.');
  await expect(page).toHaveURL('/disbursement-testimonials');

  const [stored] = await api.list<{ id: number; image: string }>('disbursement-testimonials', university);
  expect(stored?.image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

  // list is the default: Image, University Name, Actions
  await expect(page.getByRole('columnheader')).toHaveText(['Image', 'University Name', 'Actions']);
  const row = page.getByRole('row').filter({ hasText: university });
  await expect(row.getByRole('img', { name: `Logo of ${university}` })).toBeVisible();
  await showView(page, 'Grid');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: university, exact: true }) });
  await expect(card.getByRole('img', { name: `Logo of ${university}` })).toBeVisible();
  await searchAndClear(page, university, card);

  await searchBox(page).fill(university);
  await card.getByRole('link', { name: `Edit ${university}` }).click();
  await expect(page).toHaveURL(`/disbursement-testimonials/edit/${stored?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit disbursement testimonials' })).toBeVisible();
  // the current image by its uploaded file's name and size, not its stored address
  await expect(page.getByText(/^Current file: .+, \d+ × \d+ px$/)).toBeVisible();
  const renamed = `${university} (renamed)`;
  await page.getByLabel('University Name').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/disbursement-testimonials');

  await searchBox(page).fill(renamed);
  const renamedRow = page.getByRole('row').filter({ hasText: renamed });
  await confirmDelete(page, renamedRow.getByRole('button', { name: `Delete ${renamed}` }), deleteText(renamed), true);
  await expectToast(page, 'Testimonial deleted successfully.');
  await expect(renamedRow).toBeHidden();
  expect(await api.list('disbursement-testimonials', renamed)).toEqual([]);
});

test('Create Testimonial: leaving with unsaved input asks first', async ({ page, uid }) => {
  await page.goto('/create-testimonial');
  await page.getByLabel('University Name').fill(uid('Unsaved university'));
  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect.poll(() => questions).toEqual(['You have unsaved changes. Are you sure you want to leave?']);
  await expect(page).toHaveURL('/create-testimonial');
});
