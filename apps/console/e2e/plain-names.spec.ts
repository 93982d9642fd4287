import { expect, test } from './support/fixtures.ts';
import { networkQuiet } from './support/network-quiet.ts';
import { shownMoment } from './support/ui.ts';

/** Dates read one way on every screen: '28 Nov 2026, 09:00', in the browser's time zone. */

const MOMENT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

test('the dashboard shows the last change and each log row’s time as every screen does', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  // five changes at least, so the log's first page is full even when this test runs alone on a fresh server
  for (let n = 0; n < 5; n += 1)
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

test('a milestone’s date control has its day read beside it, as the lists read it, whatever the browser’s locale shows', async ({
  page,
  api,
  uid,
}) => {
  // the browser's own control shows '08/12/2023' or '12/08/2023' by its locale: August or December?
  const title = uid('Dated milestone');
  const milestone = await api.create('milestones', { title, date: '2023-08-12', description: 'A day to read.' });
  await page.goto(`/milestones/edit/${milestone.id}`);
  const date = page.getByLabel('Date');
  await expect(date).toHaveValue('2023-08-12');
  await expect(date).toHaveAccessibleDescription('12 Aug 2023');
  await expect(page.getByText('12 Aug 2023', { exact: true })).toBeVisible();

  await date.fill('2023-12-08');
  await expect(date).toHaveAccessibleDescription('8 Dec 2023');
  await expect(page.getByText('8 Dec 2023', { exact: true })).toBeVisible();
  await expect(page.getByText('12 Aug 2023', { exact: true })).toHaveCount(0);

  // an emptied control reads nothing rather than a date it no longer holds
  await date.fill('');
  await expect(page.getByText('8 Dec 2023', { exact: true })).toHaveCount(0);
});

test('the schedule dialog reads each time picked the one way, beside the browser’s own control', async ({
  page,
  api,
  uid,
}) => {
  const faq = await api.create('faqs', { title: uid('Timed question'), description: '<p>When?</p>' });
  await page.goto(`/faqs/edit/${faq.id}`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule' });
  const year = new Date().getFullYear() + 1;
  const publish = dialog.getByLabel(/^Publish at/);
  await publish.fill(`${year}-11-28T09:00`);
  await expect(publish).toHaveAccessibleDescription(`28 Nov ${year}, 09:00`);
  await expect(dialog.getByText(`28 Nov ${year}, 09:00`, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel(/^Unpublish at/)).toHaveAccessibleDescription('');
});

/** Other ways a date could read: the browser's locale ('12/08/2023'), the US order ('Nov 27, 2026'), raw ISO. */
const OTHER_READINGS = [
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/,
  /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?\b/,
];

test('no screen that shows dates reads one another way', async ({ page }) => {
  for (const path of ['/dashboard', '/trash', '/media', '/site-health', '/webhooks', '/users', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await networkQuiet(page);
    const text = await page.locator('main').innerText();
    for (const other of OTHER_READINGS) expect(text, `${path} reads a date another way`).not.toMatch(other);
  }
});
