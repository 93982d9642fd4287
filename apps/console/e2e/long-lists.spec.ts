import { expect, navigate, test } from './support/fixtures.ts';
import { searchBox } from './support/ui.ts';

/** More records than the list shows at first: the rest arrive as the reader scrolls (issue 7 point 5). */
const COUNT = 300;

const created: number[] = [];

// the messages are removed again, so the specs that share the data folder see the section as before
test.afterAll(async ({ api }) => {
  for (const id of created.splice(0)) await api.remove('messages', id);
});

test('Messages: a long list reaches its last record by scrolling, and the search finds it', async ({
  page,
  api,
  uid,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const tag = uid('Long list');
  const sender = (n: number) => `${tag} sender ${String(n).padStart(3, '0')}`;
  for (let n = 1; n <= COUNT; n++) {
    const record = await api.create('messages', {
      sender: sender(n),
      recipient: 'Finance team',
      message: `<p>Bulk message ${n}</p>`,
    });
    created.push(record.id);
  }
  // the list is newest first: the first message created is below the other 299, and the oldest
  // message of all (perhaps another spec's) is the list's very last row
  const all = await api.list<{ sender: string }>('messages');
  const oldest = all.at(-1)?.sender ?? '';

  await page.goto('/dashboard');
  await navigate(page, isMobile, 'Messages');
  const rows = page.getByRole('row');
  const first = rows.filter({ hasText: sender(1) });
  await expect(rows.filter({ hasText: sender(COUNT) })).toBeVisible();
  await expect(first).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(COUNT);

  await expect(async () => {
    await rows.last().scrollIntoViewIfNeeded();
    await expect(first).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(async () => {
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows.last()).toContainText(oldest, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await rows.count()).toBeGreaterThan(COUNT);

  await page.evaluate(() => window.scrollTo(0, 0));
  await searchBox(page).fill(sender(1));
  await expect(first).toBeVisible();
  await expect(rows).toHaveCount(2);
});
