import { expect, expectToast, test } from './support/fixtures.ts';
import { searchBox } from './support/ui.ts';
import { versions } from './support/history.ts';

/**
 * Every create, update and delete made in the console appends a log
 * row, and the dashboard shows the newest first. Runs alone at the end, so nothing else writes in between.
 */
test('the dashboard shows the log rows of the last console actions, newest first', async ({ page, api, uid }) => {
  const question = uid('Audit question');
  await page.goto('/create-faq');
  await page.getByLabel('Question (Title)').fill(question);
  await page.getByLabel('Answer (Description)').fill('An answer');
  await page.getByRole('button', { name: 'Create FAQ' }).click();
  await expectToast(page, 'FAQ created successfully.');

  await searchBox(page).fill(question);
  await page.getByRole('link', { name: `Edit ${question}` }).click();
  const edited = `${question} (edited)`;
  await page.getByLabel('Question (Title)').fill(edited);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Content updated successfully');

  // a sub-item: the steps section has its record from the screen tour's seed
  expect(await api.list('steps')).toHaveLength(1);
  const step = uid('Audit step');
  await page.goto('/steps');
  const block = page.getByRole('region', { name: 'Process Steps' });
  await block.getByRole('button', { name: 'Edit Steps' }).click();
  await block.getByRole('button', { name: 'Add Step' }).click();
  await block.getByPlaceholder('Enter new step').fill(step);
  await block.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Step added successfully.');

  await page.goto('/faqs');
  await searchBox(page).fill(edited);
  await page.getByRole('button', { name: `Delete ${edited}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'FAQ deleted successfully.');

  await page.goto('/dashboard');
  const rows = page.getByRole('region', { name: 'Logs' }).getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(6);
  const expected: [string, string][] = [
    [`FAQ "${edited}" deleted`, 'delete'],
    [`Step "${step}" created`, 'create'],
    [`FAQ "${edited}" updated`, 'update'],
    [`FAQ "${question}" created`, 'create'],
  ];
  for (const [index, [content, action]] of expected.entries()) {
    const row = rows.nth(index + 1);
    await expect(row.getByRole('cell').first()).toHaveText(content);
    await expect(row.getByRole('cell').last()).toHaveText(action);
  }
  // the overview counts them too
  const summary = (await (await api.ctx.get('/api/logs/summary')).json()) as { total: number };
  await expect(page.getByText(summary.total.toLocaleString('en-US'), { exact: true })).toBeVisible();
});

test('a log row links to the change it records: the history with that version selected', async ({ page, api, uid }) => {
  const title = uid('Logged FAQ');
  const faq = await api.create('faqs', { title, description: '<p>Apply online.</p>' });
  await api.update('faqs', faq.id, { title, description: '<p>Apply online or by post.</p>' });
  await page.goto('/dashboard');
  const change = page.getByRole('link', { name: `View change: FAQ "${title}" updated` });
  await change.click();
  await expect(page).toHaveURL(new RegExp(`/faqs/history/${faq.id}\\?revision=\\d+$`));
  // the version the row recorded is the one selected: the update, which is the FAQ as it is now
  await expect(versions(page).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^No differences/)).toBeVisible();
});
