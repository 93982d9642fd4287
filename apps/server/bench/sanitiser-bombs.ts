import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { richTextSanitizer } from '../src/rich-text/sanitize.ts';
import { largestRichText, richTextBombs } from '../test/corpus/rich-text-bombs.ts';
import { median } from './load.ts';
import { eventLoopDelayMax, eventLoopProbeFlags, startChild, stopAll, stopChild, waitForHealth } from './processes.ts';
import { type Goal, printGoals } from './report.ts';
import { startScriptNodeFlags } from './start-script.ts';

/**
 * Rich-text bombs against a running server: each body is sanitised here
 * once to time the cleaner alone, then posted as an FAQ answer while /api/health is asked again
 * and again, so a write that holds the event loop shows as health latency. Port 3530.
 */
const PORT = 3530;
const base = `http://127.0.0.1:${PORT}`;
const here = import.meta.dirname;

interface BombResult {
  name: string;
  chars: number;
  sanitiseMs: number | undefined;
  coldMs: number | undefined;
  status: number;
  postMs: number;
  health: number[];
  /** The server's longest event-loop delay while the body was posted (event-loop-probe.ts). */
  eventLoopMaxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * In-process sanitising time: the first (cold) run and the median of three more, as a server
 * that keeps writing runs it; undefined when the cleaner refuses the body.
 */
async function sanitiseTimes(html: string): Promise<{ cold: number; median: number } | undefined> {
  const sanitise = await richTextSanitizer();
  const times: number[] = [];
  for (let run = 0; run < 4; run++) {
    const since = performance.now();
    try {
      sanitise(html);
    } catch {
      return undefined;
    }
    times.push(performance.now() - since);
  }
  const [cold = 0, ...warm] = times;
  return { cold, median: median(warm) };
}

/** Posts the body and, until it is answered, asks /api/health one request after another. */
async function postWhilePinging(
  server: ChildProcess,
  token: string,
  html: string,
): Promise<Omit<BombResult, 'name' | 'chars' | 'sanitiseMs' | 'coldMs'>> {
  // counts from here: the delays of the bombs before are not this one's
  await eventLoopDelayMax(server);
  const since = performance.now();
  let done = false;
  const health: number[] = [];
  const post = fetch(`${base}/api/faqs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'A bomb', description: html }),
  })
    .then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    })
    .finally(() => {
      done = true;
    });
  while (!done) {
    const asked = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    if (!done) health.push(performance.now() - asked);
  }
  const status = await post;
  const postMs = performance.now() - since;
  return { status, postMs, health, eventLoopMaxMs: await eventLoopDelayMax(server) };
}

export async function measureSanitiserBombs(): Promise<Goal[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bombs-'));
  const admin = { username: 'bench', password: `Bench-${randomBytes(12).toString('base64url')}` };
  const env = {
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  };
  const since = performance.now();
  const server = startChild(join(here, '..', 'src', 'server.ts'), [], env, [
    ...startScriptNodeFlags(join(here, '..', 'package.json')),
    ...eventLoopProbeFlags,
  ]);
  try {
    await waitForHealth(base, since, server);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const results: BombResult[] = [];
    console.log('Rich-text bombs: in-process sanitise time, then POST /api/faqs with /api/health asked meanwhile');
    console.log(
      `${'body'.padEnd(54)} ${'chars'.padStart(9)}  ${'sanitise cold/median'.padStart(20)}  status  ${'POST ms'.padStart(8)}  health p50/p99/max ms  event loop max ms`,
    );
    for (const { name, html } of [...largestRichText, ...richTextBombs]) {
      const times = await sanitiseTimes(html);
      const result: BombResult = {
        name,
        chars: html.length,
        sanitiseMs: times?.median,
        coldMs: times?.cold,
        ...(await postWhilePinging(server, token, html)),
      };
      results.push(result);
      const sorted = [...result.health].sort((a, b) => a - b);
      console.log(
        `${name.padEnd(54)} ${String(html.length).padStart(9)}  ${(times === undefined ? 'refused' : `${ms(times.cold)}/${ms(times.median)} ms`).padStart(20)}  ${String(result.status).padStart(6)}  ${String(ms(result.postMs)).padStart(8)}  ${ms(percentile(sorted, 0.5))}/${ms(percentile(sorted, 0.99))}/${ms(sorted.at(-1) ?? 0)} (${sorted.length} asked)  ${ms(result.eventLoopMaxMs)}`,
      );
    }
    const accepted = results.filter((r) => r.sanitiseMs !== undefined);
    const slowest = accepted.reduce<BombResult | undefined>(
      (worst, r) => ((r.sanitiseMs ?? 0) > (worst?.sanitiseMs ?? -1) ? r : worst),
      undefined,
    );
    const health = results.flatMap((r) => r.health).sort((a, b) => a - b);
    const healthMax = health.at(-1) ?? 0;
    const loopWorst = results.reduce((worst, r) => (r.eventLoopMaxMs > worst.eventLoopMaxMs ? r : worst));
    return [
      {
        goal: 'slowest accepted rich text, sanitised (median)',
        value: slowest
          ? `${ms(slowest.sanitiseMs ?? 0)} ms (${slowest.name}; first run ${ms(slowest.coldMs ?? 0)} ms)`
          : 'none accepted',
        target: '≤ 200 ms',
        holds: (slowest?.sanitiseMs ?? 0) <= 200,
      },
      {
        goal: '/api/health while bombs are posted',
        value: `p50 ${ms(percentile(health, 0.5))} ms, p99 ${ms(percentile(health, 0.99))} ms, max ${ms(healthMax)} ms; the server's event loop held at most ${ms(loopWorst.eventLoopMaxMs)} ms (${loopWorst.name})`,
        target: 'max ≤ 50 ms',
        holds: healthMax <= 50,
      },
    ];
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  try {
    printGoals(await measureSanitiserBombs());
  } finally {
    await stopAll();
  }
}
