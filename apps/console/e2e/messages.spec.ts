import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import {
  confirmDelete,
  emptyCollection,
  expectStoredRichText,
  searchAndClear,
  searchBox,
  typeRichText,
} from './support/ui.ts';

const deleteText = (sender: string) =>
  `Are you sure you want to delete the message from "${sender}"? This action cannot be undone.`;

test('Messages: the empty state', async ({ page, isMobile }) => {
  await emptyCollection(page, 'messages');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Messages Yet' })).toBeVisible();
});

test('Messages: create with rich text, list, search, edit, delete', async ({ page, api, uid, isMobile }) => {
  const sender = uid('Registrar office');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Messages');
  await page.getByRole('link', { name: 'New Message' }).click();
  await expect(page).toHaveURL('/messages/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create messages' })).toBeVisible();
  await page.getByLabel('Sender').fill(sender);
  await page.getByLabel('Recipient').fill('Finance team');
  const rich = { plain: 'Disbursements are ready.', bold: 'Term two', bullets: ['Engineering', 'Medicine'] };
  await typeRichText(page, 'Message', rich);
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');
  await expect(page).toHaveURL('/messages');
  const [stored] = await api.list<{ id: number; message: string }>('messages', sender);
  expectStoredRichText(stored?.message, rich);

  const row = page.getByRole('row').filter({ hasText: sender });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Finance team');
  await searchAndClear(page, sender, row);

  await searchBox(page).fill(sender);
  await row.getByRole('link', { name: `Edit message from ${sender}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit messages' })).toBeVisible();
  await page.getByLabel('Recipient').fill('Bursar');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await searchBox(page).fill(sender);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Bursar');

  await confirmDelete(
    page,
    row.getByRole('button', { name: `Delete message from ${sender}` }),
    deleteText(sender),
    true,
  );
  await expectToast(page, 'Message deleted successfully.');
  await expect(row).toBeHidden();
});
