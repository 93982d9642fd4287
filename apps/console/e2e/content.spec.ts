import { expect, expectToast, test } from './support/fixtures.ts';
import {
  confirmDelete,
  emptyCollection,
  expectStoredRichText,
  searchBox,
  showView,
  typeRichText,
  shownMoment,
} from './support/ui.ts';

const deleteText = 'This action cannot be undone. This will permanently delete this content.';

test('Content: both empty states', async ({ page }) => {
  await emptyCollection(page, 'content');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL('/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(page.getByText('Manage your content items', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No content found' })).toBeVisible();
  await expect(page.getByText('Start by creating your first content item', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Create Content' }).click();
  await expect(page).toHaveURL('/content/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create content' })).toBeVisible();
});

test('Content: create, grid and list, search, edit, the delete dialog', async ({ page, api, uid, isMobile }) => {
  const title = uid('Scholarship week');
  await page.goto('/content');
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search content...');
  await page.getByRole('link', { name: 'New Content' }).click();
  await expect(page).toHaveURL('/content/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create content' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Excerpt').fill('Five days of open doors for applicants.');
  const rich = { plain: 'Join us.', bold: 'Free entry', bullets: ['Talks', 'Workshops'] };
  await typeRichText(page, 'Body', rich);
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');
  await expect(page).toHaveURL('/content');
  const [stored] = await api.list<{ id: number; body: string; updatedAt: string }>('content', title);
  expectStoredRichText(stored?.body, rich);

  // grid is the default; the card shows the excerpt and the US date
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.getByText('Five days of open doors for applicants.')).toBeVisible();
  await expect(card.getByText(shownMoment(stored?.updatedAt ?? ''), { exact: true })).toBeVisible();
  await showView(page, 'List');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  // Excerpt and Updated are hidden on small screens
  await expect(page.getByRole('columnheader', { name: 'Excerpt' })).toBeVisible({ visible: !isMobile });

  await searchBox(page).fill(`zz-nothing-${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'No content found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search query', { exact: true })).toBeVisible();
  await searchBox(page).fill('open doors for applicants');
  await expect(row).toBeVisible();

  await searchBox(page).fill(title);
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(`/content/edit/${stored?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit content' })).toBeVisible();
  const renamed = `${title} (edited)`;
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');

  await page.goto('/content');
  await searchBox(page).fill(renamed);
  const renamedCard = page.getByRole('heading', { name: renamed, exact: true });
  await expect(renamedCard).toBeVisible();
  const dialog = page.getByRole('alertdialog');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(dialog.getByText(deleteText, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(renamedCard).toBeVisible();
  await confirmDelete(page, page.getByRole('button', { name: `Delete ${renamed}` }), deleteText, true);
  await expectToast(page, 'Content deleted successfully');
  await expect(renamedCard).toBeHidden();
  expect(await api.list('content', renamed)).toEqual([]);
});
