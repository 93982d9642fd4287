import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export interface BrowserFigures {
  renderMs: number;
  keystrokeMs: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Issue 7 point 5: the messages page with its 2,000 records in Chromium, signed in as the console
 * keeps a session (localStorage). Render: from a click on Messages in the navigation to the newest
 * record shown (the code and records loaded by an earlier visit, as an editor's are). Keystroke: one
 * more character in the search box until the list shows the narrower result. Skipped (undefined)
 * when there is no Chromium or no console build.
 */
export async function measureBrowser(
  base: string,
  session: { token: string; user: unknown },
  consoleBuilt: boolean,
  newest: string,
): Promise<BrowserFigures | undefined> {
  if (!existsSync(CHROMIUM) || !consoleBuilt) return undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      baseURL: base,
      storageState: {
        cookies: [],
        origins: [
          {
            origin: base,
            localStorage: [
              { name: 'user', value: JSON.stringify(session.user) },
              { name: 'token', value: session.token },
            ],
          },
        ],
      },
    });
    const page = await context.newPage();
    const row = (text: string) => page.getByRole('row').filter({ hasText: text }).first();
    // a first visit loads the code and the records; the figure is the editor coming back to the
    // page from the dashboard through the navigation: the list rendered from what the console holds
    await page.goto('/messages');
    await row(newest).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.waitForURL('**/dashboard');
    const link = page.getByRole('link', { name: 'Messages', exact: true }).first();
    await link.waitFor({ timeout: 30_000 });
    const started = performance.now();
    await link.click();
    await row(newest).waitFor({ timeout: 30_000 });
    const renderMs = Math.round(performance.now() - started);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('Sender 123');
    await row('Sender 1230').waitFor({ timeout: 10_000 });
    const typed = performance.now();
    await search.press('4');
    await row('Sender 1230').waitFor({ state: 'hidden', timeout: 10_000 });
    const keystrokeMs = Math.round(performance.now() - typed);
    return { renderMs, keystrokeMs };
  } finally {
    await browser.close();
  }
}
