import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { confirmDelete, emptyCollection, searchAndClear, searchBox, showView } from './support/ui.ts';

const deleteText = (title: string) =>
  `Are you sure you want to delete the milestone: "${title}"? This action cannot be undone.`;

test('Milestones: the empty state', async ({ page, isMobile }) => {
  await emptyCollection(page, 'milestones');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Milestones');
  await expect(page.getByRole('heading', { level: 1, name: 'Milestones' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Milestones Added Yet' })).toBeVisible();
  await expect(
    page.getByText('Add the first company or project milestone, including its date, title, and description.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(searchBox(page)).toBeDisabled();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search title, description, or date...');
});

test('Milestones: create, both views with the British date, search by date, edit, delete', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  const title = uid('Fund opened');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Milestones');
  await page.getByRole('link', { name: 'New Milestone' }).first().click();
  await expect(page).toHaveURL('/milestones/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create milestones' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill('2019-09-14');
  await page.getByLabel('Description').fill('The first loans were paid.\nTwelve students.');
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expectToast(page, 'Content created successfully');
  await expect(page).toHaveURL('/milestones');

  // list is the default: Date, Title, Description, Actions
  await searchBox(page).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Date', 'Title', 'Description', 'Actions']);
  await expect(row.getByRole('cell').first()).toHaveText('14 Sept 2019');
  await showView(page, 'Grid');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.getByText('14 Sept 2019', { exact: true })).toBeVisible();
  await showView(page, 'List');
  await searchBox(page).fill('');
  await searchAndClear(page, title, row);
  // the formatted date is searchable too
  await searchBox(page).fill('14 Sept 2019');
  await expect(row).toBeVisible();

  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit milestones' })).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue('2019-09-14');
  const edited = `${title} (edited)`;
  await page.getByLabel('Title').fill(edited);
  await page.getByLabel('Date').fill('2019-10-01');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/milestones');
  await searchBox(page).fill(edited);
  const editedRow = page.getByRole('row').filter({ hasText: edited });
  await expect(editedRow.getByRole('cell').first()).toHaveText('1 Oct 2019');

  await confirmDelete(page, editedRow.getByRole('button', { name: `Delete ${edited}` }), deleteText(edited), false);
  await expect(editedRow).toBeVisible();
  await confirmDelete(page, editedRow.getByRole('button', { name: `Delete ${edited}` }), deleteText(edited), true);
  await expectToast(page, 'Milestone deleted successfully.');
  await expect(editedRow).toBeHidden();
  expect(await api.list('milestones', edited)).toEqual([]);
});

test('Milestones: a missing required field is named on the form and nothing is sent', async ({ page }) => {
  await page.goto('/milestones/create');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/milestones')) posted = true;
  });
  await page.getByRole('button', { name: 'Create Content' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/milestones/create');
  expect(posted).toBe(false);
});
