import { existsSync } from 'node:fs';
import { type Page, chromium } from 'playwright-core';
import { median } from './load.ts';

export interface BrowserFigures {
  /** Median of the visits: from the click on Messages to the frame that shows the newest record, timed in the page. */
  renderMs: number;
  renders: number[];
  /** Median of the same visits as Playwright sees them: its click (actionability checks first) to its polling finding the row. */
  seenMs: number;
  /** One more character in the search: from its keydown to the frame without the row it rules out, timed in the page. */
  keystrokeMs: number;
  /** The same as Playwright sees it: its key press to its polling finding the row gone. */
  keystrokeSeenMs: number;
}

/** Visits timed: one visit's figure moves with a garbage collection or a busy core. */
const VISITS = 5;

/**
 * A function the page runs (a script, as the server's TypeScript has no DOM types): it arms `window.timed`,
 * a promise of the milliseconds from the next `event` (the event's own time stamp) to the first animation
 * frame in which a row with `rowText` is in the DOM (`shown` true) or gone from it (`shown` false), i.e. the
 * frame that paints the change. Timed in the page, so that neither Playwright's actionability checks before
 * its action nor its polling after it count as the console's. The clock is read in the frame's callback,
 * not taken from the frame's time stamp, which is when the frame was asked for and can precede a long task
 * that held it back. It answers nothing: evaluating it would otherwise wait for the promise.
 */
const TIME_TO_FRAME = `({ event, rowText, shown }) => {
  window.timed = new Promise((resolve) => {
    document.addEventListener(event, (happened) => {
      const started = happened.timeStamp;
      const frame = () => {
        const rows = [...document.querySelectorAll('tr, [role="row"]')];
        if (rows.some((row) => row.textContent.includes(rowText)) === shown) resolve(performance.now() - started);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  });
}`;

/** Arms the timer above in `page`; `timed(page)` then answers its milliseconds. */
const armTimer = (page: Page, event: 'click' | 'keydown', rowText: string, shown: boolean) =>
  page.evaluate(`(${TIME_TO_FRAME})(${JSON.stringify({ event, rowText, shown })})`);
const timed = async (page: Page) => Math.round(await page.evaluate<number>('window.timed'));

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The messages page with its 2,000 records in Chromium, signed in as the console
 * keeps a session (localStorage). Render: from a click on Messages in the navigation to the frame that
 * shows the newest record (the code and records loaded by an earlier visit, as an editor's are). Keystroke: one
 * more character in the search box until the list shows the narrower result. Refused, with what is missing, when
 * there is no Chromium (a machine gets it from `apt-get install -y chromium`, as CI's script does) or no console build.
 */
export async function measureBrowser(
  base: string,
  session: { token: string; user: unknown },
  consoleBuilt: boolean,
  newest: string,
): Promise<BrowserFigures> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or CHROMIUM_PATH naming one)`);
  if (!consoleBuilt) throw new Error('no console build (npm run build)');
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
    const renders: number[] = [];
    const seen: number[] = [];
    for (let visit = 0; visit < VISITS; visit++) {
      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
      await page.waitForURL('**/dashboard');
      const link = page.getByRole('link', { name: 'Messages', exact: true }).first();
      await link.waitFor({ timeout: 30_000 });
      await armTimer(page, 'click', newest, true);
      const started = performance.now();
      await link.click();
      await row(newest).waitFor({ timeout: 30_000 });
      seen.push(Math.round(performance.now() - started));
      renders.push(await timed(page));
    }
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('Sender 123');
    await row('Sender 1230').waitFor({ timeout: 10_000 });
    await armTimer(page, 'keydown', 'Sender 1230', false);
    const typed = performance.now();
    await search.press('4');
    await row('Sender 1230').waitFor({ state: 'hidden', timeout: 10_000 });
    const keystrokeSeenMs = Math.round(performance.now() - typed);
    return {
      renderMs: median(renders),
      renders,
      seenMs: median(seen),
      keystrokeMs: await timed(page),
      keystrokeSeenMs,
    };
  } finally {
    await browser.close();
  }
}
