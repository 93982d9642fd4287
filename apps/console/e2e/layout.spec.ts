import { sections } from '@bursary/shared';
import { expect, navigate, test } from './support/fixtures.ts';

/**
 * Dashboard, the sections in the registry's order, Trash, Media, Site health, Webhooks and Languages (the suite signs
 * in as an administrator), then Users. Insight
 * links /insights on both layouts; the content area is reached from the dashboard, not the navigation.
 */
const navLabel: Record<string, string> = { insights: 'Insight' };
const navOrder: [string, string][] = [
  ['Dashboard', '/dashboard'],
  ...sections
    .filter((s) => s.slug !== 'content')
    .map((s): [string, string] => [navLabel[s.slug] ?? s.label, `/${s.slug}`]),
  ['Trash', '/trash'],
  ['Media', '/media'],
  ['Site health', '/site-health'],
  ['Webhooks', '/webhooks'],
  ['Languages', '/languages'],
  ['Users', '/users'],
];

test('the navigation lists every item in order and each one leads to its page', async ({ page, isMobile }) => {
  await page.goto('/dashboard');
  if (isMobile) await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(navOrder.length);
  await expect(links).toHaveText(navOrder.map(([label]) => label));
  for (const [index, [, href]] of navOrder.entries()) await expect(links.nth(index)).toHaveAttribute('href', href);
  if (isMobile) await page.keyboard.press('Escape');

  for (const [label, href] of navOrder.slice(1)) {
    await navigate(page, isMobile, label);
    await expect(page).toHaveURL(href);
    if (isMobile) await page.getByRole('button', { name: 'Open navigation' }).click();
    const active = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
    await expect(active).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(1);
    if (isMobile) await page.keyboard.press('Escape');
  }
});

test('/insight leads to the Insights page', async ({ page }) => {
  await page.goto('/insight');
  await expect(page).toHaveURL('/insights');
});

test('the frame fits the width: sidebar on desktop, top bar, sheet and bottom bar on mobile', async ({
  page,
  isMobile,
}) => {
  if (isMobile) {
    await page.goto('/faqs');
    await expect(page.getByRole('complementary')).toHaveCount(0);
    const bottom = page.getByRole('navigation', { name: 'Bottom' });
    await expect(bottom).toBeVisible();
    const bar = await bottom.boundingBox();
    expect(bar && Math.round(bar.y + bar.height)).toBe(800);
    // the page leaves room for the bar
    const padding = await page.getByRole('main').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(bar?.height ?? Infinity);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
    await sheet.getByRole('link', { name: 'Milestones', exact: true }).click();
    await expect(page).toHaveURL('/milestones');
    await expect(sheet).toBeHidden();

    await bottom.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(bottom.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    return;
  }

  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary');
  const main = page.getByRole('main');
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bottom' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  expect((await sidebar.boundingBox())?.width).toBe(240);
  await expect.poll(async () => (await main.boundingBox())?.x).toBe(240);

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(70);
  await expect.poll(async () => (await main.boundingBox())?.x).toBe(70);
  // collapsed, the items keep their names for assistive technology
  await sidebar.getByRole('link', { name: 'FAQs', exact: true }).click();
  await expect(page).toHaveURL('/faqs');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);
});
