import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The fund's website in a real browser, as a student reads it on a phone and a desktop, with JavaScript or without. */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One of each kind of page, in the default language and in French. */
const PAGES = [
  '/',
  '/apply',
  '/faqs',
  '/faqs?q=loan',
  '/stories',
  '/stories/1',
  '/about',
  '/news',
  '/news/1',
  '/fr',
  '/fr/faqs',
  '/fr/stories/2',
  '/nowhere',
  '/preview?token=expired',
];

const javaScriptOn = (projectName: string) => !projectName.includes('no-js');

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const path of PAGES) {
  test(`${path} passes axe’s WCAG 2.2 AA rules and fits the screen`, async ({ page }, testInfo) => {
    test.skip(!javaScriptOn(testInfo.project.name), 'axe runs as a script in the page');
    // the text and its colours are what axe reads: images may still be arriving
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    const expected = path === '/nowhere' ? 404 : path.startsWith('/preview') ? 401 : 200;
    expect(response?.status(), path).toBe(expected);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const found = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    expect(found, `axe on ${path}`).toEqual([]);
    await noSidewaysScroll(page);
  });
}

test('reflows at 320 px, as at 200 % zoom, without sideways scrolling', async ({ page }, testInfo) => {
  test.skip(!javaScriptOn(testInfo.project.name), 'measured with a script');
  for (const width of [320, 640]) {
    await page.setViewportSize({ width, height: 700 });
    for (const path of ['/', '/faqs', '/about', '/stories/1', '/fr']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await noSidewaysScroll(page);
    }
  }
});

test('sends no script, and answers every request it makes', async ({ page }) => {
  const scripts: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/nowhere'))
      failed.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/faqs', '/about', '/stories/1', '/fr/news']) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)).catch(() => undefined);
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  }
  expect(scripts).toEqual([]);
  expect(failed).toEqual([]);
});

test('the hero leads to applying and to the questions', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section.hero');
  await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
  await hero.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  await hero.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/faqs$/);
});

test('a question opens, and the search works, with or without JavaScript', async ({ page }) => {
  await page.goto('/faqs');
  const first = page.locator('details').first();
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await page.getByLabel('Search the questions').fill('interest');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/faqs\?q=interest$/);
  await expect(page.getByRole('status')).toContainText('“interest”');
  await expect(page.locator('details summary')).toContainText(['What is the interest rate?']);
});

test('the language switcher keeps the page, and the page says its language', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('the skip link takes the keyboard to the content', async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.hasTouch === true, 'a phone has no Tab key');
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('images keep their place while they load: each has its width and height', async ({ page }) => {
  for (const path of ['/', '/stories', '/about']) {
    await page.goto(path);
    const unsized = await page.locator('img:not([width]), img:not([height])').count();
    expect(unsized, path).toBe(0);
  }
  await page.goto('/');
  await expect(page.locator('img.hero-image')).toHaveAttribute('fetchpriority', 'high');
});
