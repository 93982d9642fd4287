import { expect, test } from './support/fixtures.ts';
import { shownMoment } from './support/ui.ts';

/** Dates read one way on every screen: '28 Nov 2026, 09:00', in the browser's time zone. */

const MOMENT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

test('the dashboard shows the last change and each log row’s time as every screen does', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  await api.create('faqs', { title: uid('Dated question'), description: '<p>When?</p>' });
  await page.goto('/dashboard');
  const summary = (await (await api.ctx.get('/api/logs/summary')).json()) as { last_updated_at: string };
  await expect(page.getByText(shownMoment(summary.last_updated_at), { exact: true }).first()).toBeVisible();

  // the 'Created at' column is hidden at 375 px
  if (isMobile) return;
  const table = page.getByRole('region', { name: 'Logs' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6);
  const times = await table.getByRole('row').locator('td:nth-child(2)').allTextContents();
  expect(times).toHaveLength(5);
  for (const time of times) expect(time).toMatch(MOMENT);
});
