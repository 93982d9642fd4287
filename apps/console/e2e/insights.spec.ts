import { expect, expectToast, navigate, test } from './support/fixtures.ts';
import { searchAndClear, searchBox, showView } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

test('Insights: empty state, setup of the three statistics, both views, the panel, search, edit', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  await api.clearSingle('insights');
  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Insight');
  await expect(page).toHaveURL('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Insights Content' })).toBeVisible();
  await page.getByRole('link', { name: 'Setup Insights' }).click();
  await expect(page).toHaveURL('/insights/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit insights' })).toBeVisible();

  // the numbers and texts are required
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('First Insight Number')).toHaveAttribute('aria-invalid', 'true');
  const funded = uid('Students funded');
  await page.getByLabel('First Insight Number').fill('1200');
  await page.getByLabel('First Insight Text').fill(funded);
  await page.getByLabel('Second Insight Number').fill('35');
  await page.getByLabel('Second Insight Text').fill('Partner universities');
  await page.getByLabel('Third Insight Number').fill('98');
  await page.getByLabel('Third Insight Text').fill('Repayment rate');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page).toHaveURL('/insights');
  const [stored] = await api.list<{ id: number; first_insight_number: number }>('insights');
  expect(stored?.first_insight_number).toBe(1200);

  // no title: 'Insights Section'; grid is the default
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Insights Section', exact: true }) });
  await expect(card).toBeVisible();
  const panel = card.getByRole('button', { name: 'View Insights' });
  await expect(panel).toHaveAttribute('aria-expanded', 'false');
  await panel.click();
  await expect(card.getByRole('listitem')).toHaveText([`1200${funded}`, '35Partner universities', '98Repayment rate']);
  await showView(page, 'List');
  await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Details', 'Actions']);
  const row = page.getByRole('row').filter({ hasText: 'Insights Section' });
  await searchAndClear(page, funded, row);

  await searchBox(page).fill('Repayment');
  await row.getByRole('cell').last().getByRole('link', { name: 'Edit Insights Section' }).click();
  await expect(page).toHaveURL(`/insights/edit/${stored?.id}`);
  await expect(page.getByLabel('First Insight Number')).toHaveValue('1200');
  const title = uid('Our year in numbers');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Second Insight Number').fill('36');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect((await api.get<{ second_insight_number: number }>('insights', stored?.id ?? 0)).second_insight_number).toBe(
    36,
  );
});
