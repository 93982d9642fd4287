import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChild, stopAll, stopChild, waitForHealth } from './processes.ts';
import { startScriptNodeFlags } from './start-script.ts';
import type { Goal } from './report.ts';
import { measureSignInFlood, printSignInFlood } from './sign-in-flood.ts';

/**
 * 50 sign-ins arrive at once while an editor's browser fetches a console
 * script, the FAQ list and the health check. Each sign-in is a 128 MiB scrypt; uncapped, they fill
 * the thread pool and everything else waits behind them. Prints the p99 of each path at rest and
 * during the storm. Runs alone (`node bench/sign-in-storm.ts`) and inside `npm run bench`.
 */
const here = import.meta.dirname;
const PORTS = { defaults: 3520, openThrottle: 3521 };
const STORM = 50;
/** Requests per path at rest, for the figure to compare with. */
const AT_REST = 60;

export interface StormFigures {
  condition: string;
  asset: { restP99: number; stormP99: number };
  faqs: { restP99: number; stormP99: number };
  health: { restP99: number; stormP99: number };
  /** Answers to the 50 sign-ins, by status. */
  statuses: Record<string, number>;
  /** From the first sign-in sent to the last answered. */
  stormMs: number;
  /** Requests per path measured during the storm (a reader waits for each answer, so a stall means few). */
  stormSamples: number;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0) * 10) / 10;
};

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return performance.now() - start;
}

/** The first script the built console's index.html loads. */
async function consoleAsset(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const src = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('the console is not built: no script in index.html');
  return `${base}${src}`;
}

/** One reader in a loop (as a browser tab would), until `until` settles. */
async function readWhile(urls: string[], until: Promise<unknown>): Promise<number[][]> {
  let done = false;
  // settled either way; the caller awaits `until` itself and sees its error
  void until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const times: number[][] = urls.map(() => []);
  do {
    for (const [n, url] of urls.entries()) times[n]?.push(await timed(url));
  } while (!done);
  return times;
}

async function measureCondition(condition: string, port: number, env: Record<string, string>): Promise<StormFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-storm-'));
  const base = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const child = startChild(
    join(here, '..', 'src', 'server.ts'),
    [],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'storm',
      ADMIN_PASSWORD: `Storm-${randomBytes(12).toString('base64url')}`,
      ...env,
    },
    startScriptNodeFlags(join(here, '..', 'package.json')),
  );
  try {
    await waitForHealth(base, since, child);
    // the dummy hash made at start-up has finished, and the paths are warm
    await sleep(1_500);
    const urls = [await consoleAsset(base), `${base}/api/faqs`, `${base}/api/health`];
    for (let i = 0; i < 20; i++) for (const url of urls) await timed(url);
    const rest: number[][] = urls.map(() => []);
    for (let i = 0; i < AT_REST; i++) for (const [n, url] of urls.entries()) rest[n]?.push(await timed(url));

    const statuses: Record<string, number> = {};
    const stormStart = performance.now();
    const storm = Promise.all(
      Array.from({ length: STORM }, async (_, i) => {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `guess-${i % 5}`, password: `wrong password ${i}` }),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
    const during = await readWhile(urls, storm);
    await storm;
    const stormMs = Math.round(performance.now() - stormStart);
    const pair = (n: number) => ({ restP99: p99(rest[n] ?? []), stormP99: p99(during[n] ?? []) });
    return {
      condition,
      asset: pair(0),
      faqs: pair(1),
      health: pair(2),
      statuses,
      stormMs,
      stormSamples: during[0]?.length ?? 0,
    };
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Two conditions: the default settings (all guesses from one address, so the throttle admits
 * only LOGIN_MAX_FAILURES of them), and the throttle out of the way, as 50 different addresses
 * would have it, so every sign-in reaches the hash and only the hash cap protects the rest.
 */
export async function measureSignInStorm(): Promise<StormFigures[]> {
  return [
    await measureCondition('default settings', PORTS.defaults, {}),
    await measureCondition('throttle out of the way (LOGIN_MAX_FAILURES=1000)', PORTS.openThrottle, {
      LOGIN_MAX_FAILURES: '1000',
    }),
  ];
}

export function printSignInStorm(figures: StormFigures[]): void {
  for (const f of figures) {
    const answers = Object.entries(f.statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ');
    console.log(`${STORM} sign-ins at once, ${f.condition}: answered in ${f.stormMs} ms (${answers})`);
    console.log(
      `  p99 ms at rest (${AT_REST} each) → during (${f.stormSamples} each): console asset ${f.asset.restP99} → ${f.asset.stormP99}, GET /api/faqs ${f.faqs.restP99} → ${f.faqs.stormP99}, GET /api/health ${f.health.restP99} → ${f.health.stormP99}`,
    );
  }
}

/**
 * No request stalls the others: during the storm the health check answers within 50 ms and a console
 * asset within 100 ms at p99.
 */
export function signInStormGoals(figures: StormFigures[]): Goal[] {
  return figures.flatMap((f) => [
    {
      goal: `console asset p99 during ${STORM} sign-ins, ${f.condition}`,
      value: `${f.asset.stormP99} ms`,
      target: '≤ 100 ms',
      holds: f.asset.stormP99 <= 100,
    },
    {
      goal: `/api/health p99 during ${STORM} sign-ins, ${f.condition}`,
      value: `${f.health.stormP99} ms`,
      target: '≤ 50 ms',
      holds: f.health.stormP99 <= 50,
    },
  ]);
}

if (import.meta.main) {
  try {
    execFileSync(process.execPath, [join(here, '..', '..', '..', 'scripts', 'build-console-if-stale.ts')], {
      stdio: 'inherit',
    });
    // SIGN_IN_STORM=flood runs only the flood of unknown usernames (bench/sign-in-flood.ts)
    if (process.env.SIGN_IN_STORM !== 'flood') printSignInStorm(await measureSignInStorm());
    printSignInFlood(await measureSignInFlood());
  } finally {
    await stopAll();
  }
}
