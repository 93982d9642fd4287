import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { showView } from './support/ui.ts';

/**
 * Every way is visible: the whole navigation without scrolling the menu (1280×800, and the phone's sheet), the
 * status badges of a list at 375 px, cards with a badge in line with their neighbours, and one pattern for every
 * empty state.
 */

async function openMenu(page: Page, isMobile: boolean): Promise<Locator> {
  await page.goto('/dashboard');
  if (isMobile) await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = isMobile ? page.getByRole('dialog') : page.getByRole('complementary');
  await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible();
  return menu;
}

test('every item of the menu is in sight, none behind a scroll', async ({ page, isMobile }) => {
  const menu = await openMenu(page, isMobile);
  const items = menu.getByRole('navigation', { name: 'Main' }).getByRole('link');
  expect(await items.count()).toBeGreaterThanOrEqual(18);
  // the account rows under the navigation count too: Account, Settings, Logout
  const footer = [menu.getByRole('link', { name: 'Account' }), menu.getByRole('link', { name: 'Settings' })];
  for (const item of [...(await items.all()), ...footer, menu.getByRole('button', { name: 'Logout' })])
    await expect(item).toBeInViewport({ ratio: 1 });
});

test('every item of the menu shows its whole name, none cut short', async ({ page, isMobile }) => {
  const menu = await openMenu(page, isMobile);
  const names = menu.getByRole('navigation', { name: 'Main' }).getByRole('link').locator('span');
  expect(await names.count()).toBeGreaterThanOrEqual(18);
  const cut = await names.evaluateAll((spans) =>
    spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent),
  );
  expect(cut).toEqual([]);
  // the longest name takes two lines in its row rather than a taller row
  const longest = menu.getByRole('link', { name: 'Disbursement Testimonials' });
  expect((await longest.boundingBox())?.height).toBeLessThanOrEqual(32);
});

test("a list's status badges are in sight at every width", async ({ page, api, uid }) => {
  const title = uid('Badge row');
  await api.create('faqs', { title, description: '<p>Waiting.</p>', status: 'draft' });
  await page.goto('/faqs');
  await showView(page, 'List');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Draft', { exact: true })).toBeInViewport({ ratio: 1 });
});

test('a card with a badge lines up with the cards beside it', async ({ page, api, uid, isMobile }) => {
  test.skip(isMobile, 'at 375 px the grid has one card a line: no card stands beside another');
  const titles = [uid('Live card'), uid('Draft card'), uid('Live card')];
  for (const [n, title] of titles.entries())
    await api.create('faqs', { title, description: '<p>Answer.</p>', status: n === 1 ? 'draft' : 'published' });
  await page.goto('/faqs');
  await showView(page, 'Grid');
  const headings = titles.map((title) => page.getByRole('heading', { name: title, exact: true }));
  for (const heading of headings) await expect(heading).toBeVisible();
  // the cards fade in one after another: measured once they stand still
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const tops = await Promise.all(headings.map(async (heading) => Math.round((await heading.boundingBox())?.y ?? -1)));
  const rows = new Map<number, number[]>();
  const items = await Promise.all(
    headings.map(async (heading) =>
      Math.round((await page.getByRole('listitem').filter({ has: heading }).boundingBox())?.y ?? -1),
    ),
  );
  items.forEach((itemTop, n) => rows.set(itemTop, [...(rows.get(itemTop) ?? []), tops[n] ?? -1]));
  // at least the draft and one neighbour share a line, and every title of a line is at the same height
  expect(Math.max(...[...rows.values()].map((line) => line.length))).toBeGreaterThan(1);
  for (const line of rows.values()) expect(new Set(line).size).toBe(1);
});

test('an empty list reads the same everywhere: Webhooks as Trash', async ({ page }) => {
  // other tests delete records and add webhooks at the same time: the two lists are answered empty here, since
  // what is checked is how an empty list looks, not what the server holds
  await page.route(/\/api\/(trash|webhooks)(\?.*)?$/, (route) =>
    route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }),
  );
  for (const [path, title] of [
    ['/trash', 'Trash is empty'],
    ['/webhooks', 'No webhooks yet'],
  ] as const) {
    await page.goto(path);
    const heading = page.getByRole('heading', { name: title, exact: true });
    await expect(heading).toBeVisible();
    const style = await heading.locator('..').evaluate((panel) => {
      const css = getComputedStyle(panel);
      return { border: css.borderStyle, align: css.textAlign, icon: panel.querySelector('svg') !== null };
    });
    expect(style, path).toEqual({ border: 'dashed', align: 'center', icon: true });
  }
});
