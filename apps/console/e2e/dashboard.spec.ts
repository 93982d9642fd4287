import { expect, test } from './support/fixtures.ts';
import { shownMoment } from './support/ui.ts';

test('the dashboard greets the editor and shows the overview cards from the audit log', async ({
  page,
  session,
  api,
}) => {
  // at least one log row exists, whatever ran before
  await api.create('faqs', { title: `Dashboard seed ${Date.now()}`, description: '<p>Seed</p>' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hello ${session.user.name}` })).toBeVisible();
  await expect(page.getByText('Welcome to your Bursary CMS dashboard')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Total Logs', { exact: true })).toBeVisible();
  await expect(page.getByText('Last Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Version 1.0.0', { exact: true })).toBeVisible();

  const summary = (await (await api.ctx.get('/api/logs/summary')).json()) as { total: number; last_updated_at: string };
  expect(summary.total).toBeGreaterThan(0);
  // the card shows the latest change as every screen shows a moment: '28 Nov 2026, 09:00'
  await expect(page.getByText(shownMoment(summary.last_updated_at), { exact: true }).first()).toBeVisible();
});

test('the logs table shows at most five rows, newest first, with the action badges', async ({
  page,
  api,
  isMobile,
}) => {
  for (let n = 0; n < 6; n += 1)
    await api.create('faqs', { title: `Dashboard table ${Date.now()} ${n}`, description: '<p>x</p>' });
  await page.goto('/dashboard');
  const logs = page.getByRole('region', { name: 'Logs' });
  const table = logs.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Content' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Action' })).toBeVisible();
  // 'Created at' is hidden on mobile
  await expect(table.getByRole('columnheader', { name: 'Created at' })).toBeVisible({ visible: !isMobile });
  await expect(table.getByRole('row')).toHaveCount(6);

  const newest = await api.logs(5);
  const contents = table.getByRole('row').locator('td:first-child');
  // another worker may have written since; the table is a consistent newest-first prefix of the log
  const shown = await contents.allTextContents();
  expect(shown).toHaveLength(5);
  const all = (await api.logs(50)).map((l) => l.content);
  const start = all.indexOf(shown[0] ?? '');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(all.slice(start, start + 5)).toEqual(shown);
  expect(newest.length).toBe(5);

  await expect(table.getByText('create', { exact: true }).first()).toBeVisible();
});

test('Refresh fetches the newest logs and View All leads to /content', async ({ page, api, uid }) => {
  await page.goto('/dashboard');
  const logs = page.getByRole('region', { name: 'Logs' });
  await expect(logs.getByRole('table')).toBeVisible();
  const title = uid('Dashboard refresh');
  await api.create('faqs', { title, description: '<p>x</p>' });
  await expect(logs.getByText(`FAQ "${title}" created`)).toHaveCount(0);
  await logs.getByRole('button', { name: 'Refresh' }).click();
  await expect(logs.getByText(`FAQ "${title}" created`)).toBeVisible();
  await logs.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL('/content');
});
