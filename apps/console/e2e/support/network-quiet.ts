import type { Page, Request } from '@playwright/test';

/**
 * How long no request may be in flight before a screen counts as having fetched what it shows. Playwright's
 * 'networkidle' waits 500 ms of silence after the last request; the browser tests wait for it hundreds of times
 * (every axe scan, every screen of the stored-XSS tour), so that fixed half second was minutes of every run. A
 * screen that fetches more does so as its answers arrive, well within this window.
 */
const QUIET_MS = 200;
const POLL_MS = 25;

interface Traffic {
  inFlight: Set<Request>;
  /** When the last request started or ended. */
  lastChange: number;
}

const traffic = new WeakMap<Page, Traffic>();

/** Follows a page's requests from now on; called for every test's page before its first navigation. */
export function followRequests(page: Page): void {
  const seen: Traffic = { inFlight: new Set(), lastChange: Date.now() };
  const ended = (request: Request) => {
    seen.inFlight.delete(request);
    seen.lastChange = Date.now();
  };
  page.on('request', (request) => {
    seen.inFlight.add(request);
    seen.lastChange = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  traffic.set(page, seen);
}

/**
 * Waits until the page has had no request in flight for QUIET_MS (after its load event): what 'networkidle'
 * checks, with a shorter silence. A page nobody followed falls back to 'networkidle' itself.
 */
export async function networkQuiet(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const seen = traffic.get(page);
  if (!seen) return page.waitForLoadState('networkidle');
  for (;;) {
    const quietFor = Date.now() - seen.lastChange;
    if (seen.inFlight.size === 0 && quietFor >= QUIET_MS) return;
    await page.waitForTimeout(seen.inFlight.size === 0 ? QUIET_MS - quietFor : POLL_MS);
  }
}
