import { existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { median } from './load.ts';
import { stopAll, stopChild, waitForHealth } from './processes.ts';
import { type Goal, printGoals } from './report.ts';
import { admin, base, dataDir, json, startServer } from './run-server.ts';
import { QUICK_SCALE, seedDataFolder } from './seed.ts';

export interface LighthouseFigures {
  /** Median of the runs' total blocking time on the dashboard, desktop preset. */
  tbtMs: number;
  runs: number[];
  /** The longest main-thread tasks of the median run, in milliseconds, longest first. */
  longTasks: { ms: number; url: string }[];
}

/** Runs measured: one Lighthouse run's TBT moves by tens of milliseconds with a busy core. */
const RUNS = 3;
const TBT_GOAL_MS = 200;

const CHROMIUM = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';
// the flags of the issue: no GPU, sandbox or background traffic, none of which a headless measurement uses
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface TaskItem {
  duration: number;
  url?: string;
}

/**
 * The console's dashboard (/dashboard) under Lighthouse's desktop preset, signed in as the console keeps a session
 * (localStorage, written once through the same browser before the runs, which then keep the origin's storage).
 * Refused, with what is missing, when there is no Chromium or no console build.
 */
export async function measureLighthouse(
  base: string,
  session: { token: string; user: unknown },
  consoleBuilt: boolean,
): Promise<LighthouseFigures> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or CHROMIUM_PATH naming one)`);
  if (!consoleBuilt) throw new Error('no console build (npm run build)');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium started without a browser context');
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(
      ([user, token]) => {
        localStorage.setItem('user', user);
        localStorage.setItem('token', token);
      },
      [JSON.stringify(session.user), session.token] as const,
    );
    await page.close();
    await browser.close();
    const runs: { tbt: number; longTasks: LighthouseFigures['longTasks'] }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(
        `${base}/dashboard`,
        { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true },
        desktopConfig,
      );
      const audits = result?.lhr.audits;
      const tbt = audits?.['total-blocking-time']?.numericValue;
      if (tbt === undefined) throw new Error('Lighthouse answered no total blocking time');
      const finalUrl = result?.lhr.finalDisplayedUrl ?? '';
      if (!finalUrl.endsWith('/dashboard')) throw new Error(`Lighthouse ended on ${finalUrl}, not the dashboard`);
      const details = audits?.['long-tasks']?.details as { items?: TaskItem[] } | undefined;
      const longTasks = (details?.items ?? [])
        .map((item) => ({ ms: Math.round(item.duration), url: item.url ?? '' }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5);
      runs.push({ tbt: Math.round(tbt), longTasks });
    }
    const tbtMs = median(runs.map((r) => r.tbt));
    return {
      tbtMs,
      runs: runs.map((r) => r.tbt),
      longTasks: runs.find((r) => r.tbt === tbtMs)?.longTasks ?? [],
    };
  } finally {
    chrome.kill();
  }
}

export function lighthouseGoal(figures: LighthouseFigures | undefined, missed: string | undefined): Goal {
  const tasks = figures?.longTasks.map((t) => `${t.ms} ms ${t.url.replace(/^https?:\/\/[^/]+/, '')}`).join(', ');
  return {
    goal: 'dashboard total blocking time (Lighthouse, desktop)',
    value: figures
      ? `${figures.tbtMs} ms (median of ${figures.runs.join(', ')}; longest tasks: ${tasks || 'none'})`
      : `not measured (${missed ?? 'no figures'})`,
    target: `≤ ${TBT_GOAL_MS} ms`,
    holds: (figures?.tbtMs ?? Infinity) <= TBT_GOAL_MS,
  };
}

/** Runs measureLighthouse, a failure answered as its first line (the full bench reports it, it does not stop). */
export async function lighthouseOrMissed(
  ...args: Parameters<typeof measureLighthouse>
): Promise<{ figures?: LighthouseFigures; missed?: string }> {
  try {
    return { figures: await measureLighthouse(...args) };
  } catch (error) {
    const missed = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    console.log(`Lighthouse measurement failed: ${missed}`);
    return { missed };
  }
}

/** `npm run bench:lighthouse`: the console built if stale, a small seeded data folder, one server, the dashboard. */
if (import.meta.main) {
  const here = import.meta.dirname;
  try {
    execFileSync(process.execPath, [join(here, '..', '..', '..', 'scripts', 'build-console-if-stale.ts')], {
      stdio: 'inherit',
    });
    await seedDataFolder(dataDir, admin, QUICK_SCALE);
    const port = 3540;
    const { child, since } = startServer(port);
    await waitForHealth(base(port), since, child);
    const { body: login } = await json<{ token: string; user: unknown }>(`${base(port)}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const consoleBuilt = existsSync(join(here, '..', '..', 'console', 'dist', 'index.html'));
    const { figures, missed } = await lighthouseOrMissed(base(port), login, consoleBuilt);
    await stopChild(child);
    printGoals([lighthouseGoal(figures, missed)]);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
