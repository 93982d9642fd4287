import { mkdirSync } from 'node:fs';
import autocannon, { type Request, type Result } from 'autocannon';
import { faqAnswer, seedDataFolder } from '../../bench/seed.ts';
import { outboundConnections } from './outbound.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, rssMb, signIn, startServer } from './server-process.ts';
import type { Settings } from './profile.ts';

/**
 * The load suite: a data folder at scale, a warm-up, then mixed traffic at
 * 50 connections on loopback, run twice: 80 % section reads, 10 % log pages, 8 % saves with
 * If-Match, 2 % content items created with 20 kB of rich text. Zero errors and zero 5xx; the last run's p99
 * within the one before it (the baseline) and its RSS growth within 10 %.
 */
export interface LoadOptions extends Settings {
  dataDir: string;
  log: (line: string) => void;
}

const READ_PATHS = [
  '/api/faqs',
  '/api/heroes',
  '/api/messages?limit=50',
  '/api/content?limit=20',
  '/api/content?q=tuition&limit=20',
  '/api/steps',
  '/api/milestones',
];
/** About 20 kB of the HTML the editor writes. */
const RICH_20KB = Array.from({ length: 34 }, (_, n) => faqAnswer(n)).join('');
const ACCEPT_ENCODING = 'br, gzip';
/** The hard stop of one run, whatever autocannon does. */
const HARD_STOP_MS = 90_000;

interface Figures {
  requests: number;
  errors: number;
  timeouts: number;
  status5xx: number;
  unexpected: number;
  conflicts: number;
  p50: number;
  p99: number;
  rssBefore: number;
  rssAfter: number;
}

function mixedTraffic(token: string, faqIds: number[]): Request[] {
  const etags = new Map<number, string>();
  let n = 0;
  return [
    {
      setupRequest: (request) => {
        n += 1;
        const pick = n % 50;
        // browsers always ask for compression; without it a list of 1 000 records is a megabyte to parse
        const auth = { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING };
        if (pick < 40)
          return {
            ...request,
            method: 'GET',
            path: READ_PATHS[n % READ_PATHS.length] ?? '/api/faqs',
            headers: { 'accept-encoding': ACCEPT_ENCODING },
            body: undefined,
          };
        if (pick < 45)
          return {
            ...request,
            method: 'GET',
            path: `/api/logs?limit=50&offset=${(n * 37) % 100_000}`,
            headers: auth,
            body: undefined,
          };
        if (pick < 49) {
          const id = faqIds[n % faqIds.length] ?? 1;
          const etag = etags.get(id);
          // without a known ETag the save first reads the record (a GET), as the console does
          if (!etag)
            return {
              ...request,
              method: 'GET',
              path: `/api/faqs/${id}`,
              headers: { 'accept-encoding': ACCEPT_ENCODING },
              body: undefined,
            };
          return {
            ...request,
            method: 'PUT',
            path: `/api/faqs/${id}`,
            headers: { ...auth, 'content-type': 'application/json', 'if-match': etag },
            body: JSON.stringify({ title: `Saved under load ${n}` }),
          };
        }
        // new 20 kB items go to the content area, which is read a page at a time; the FAQ list is
        // read whole, so growing it by 20 kB a create would measure the growth, not the server
        return {
          ...request,
          method: 'POST',
          path: '/api/content',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Created under load ${n}`,
            excerpt: 'Written by the load test.',
            body: RICH_20KB,
          }),
        };
      },
      onResponse: (status, _body, _context, headers) => {
        const etag = headers.etag;
        const id = /^"(\d+)-\d+"$/.exec(etag ?? '')?.[1];
        if (id && (status === 200 || status === 201)) etags.set(Number(id), etag as string);
        // a lost race (412) means the next save reads first
        if (status === 412) etags.clear();
      },
    },
  ];
}

async function measure(base: string, seconds: number, connections: number, requests: Request[]): Promise<Result> {
  const run = autocannon({ url: base, connections, duration: seconds, timeout: 10, requests });
  const stop = setTimeout(() => (run as unknown as { stop?: () => void }).stop?.(), HARD_STOP_MS);
  try {
    return await run;
  } finally {
    clearTimeout(stop);
  }
}

function figuresOf(result: Result, rssBefore: number, rssAfter: number): Figures {
  const stats = result.statusCodeStats;
  const count = (test: (code: number) => boolean) =>
    Object.entries(stats)
      .filter(([code]) => test(Number(code)))
      .reduce((sum, [, s]) => sum + s.count, 0);
  return {
    requests: count(() => true),
    errors: result.errors,
    timeouts: result.timeouts,
    status5xx: count((c) => c >= 500),
    // a save that lost a race is the product working (412); any other non-2xx is a fault
    unexpected: count((c) => c >= 300 && c !== 412),
    conflicts: count((c) => c === 412),
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssBefore,
    rssAfter,
  };
}

export async function loadTest(opts: LoadOptions): Promise<{ ok: boolean; detail: string }> {
  mkdirSync(opts.dataDir, { recursive: true });
  opts.log(`  seeding ${opts.loadRecords} records per large collection and ${opts.loadLogRows} log rows`);
  await seedDataFolder(
    opts.dataDir,
    { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    { faqs: opts.loadRecords, logs: opts.loadLogRows, content: opts.loadRecords, messages: opts.loadRecords },
  );
  const server = await startServer({ port: opts.port, dataDir: opts.dataDir });
  try {
    const token = await signIn(server.base);
    const faqIds = Array.from({ length: Math.min(100, opts.loadRecords) }, (_, n) => n + 1);
    const traffic = mixedTraffic(token, faqIds);
    if (opts.loadWarmupSeconds > 0) await measure(server.base, opts.loadWarmupSeconds, opts.loadConnections, traffic);
    const runs: Figures[] = [];
    for (let run = 1; run <= opts.loadRuns; run += 1) {
      const before = rssMb(server.pid);
      const result = await measure(server.base, opts.loadSeconds, opts.loadConnections, traffic);
      const figures = figuresOf(result, before, rssMb(server.pid));
      runs.push(figures);
      opts.log(
        `  run ${run}: ${opts.loadSeconds} s at ${opts.loadConnections} connections: ${figures.requests} requests, ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.status5xx} 5xx, ${figures.unexpected} other non-2xx, ${figures.conflicts} × 412, p50 ${figures.p50} ms, p99 ${figures.p99} ms, RSS ${figures.rssBefore} → ${figures.rssAfter} MB`,
      );
    }
    const health = await fetch(`${server.base}/api/health`);
    const problems: string[] = [];
    // SQLite is a file: the server may open no connection of its own at all
    for (const socket of outboundConnections(server.pid, opts.port, []))
      problems.push(`outbound connection: ${socket}`);
    if (health.status !== 200) problems.push(`health answered ${health.status} after the load`);
    if (server.process.exitCode !== null) problems.push('the server exited during the load');
    for (const [n, r] of runs.entries()) {
      if (r.errors + r.timeouts + r.status5xx + r.unexpected > 0)
        problems.push(
          `run ${n + 1}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.status5xx} 5xx, ${r.unexpected} other non-2xx`,
        );
      if (r.requests === 0) problems.push(`run ${n + 1} answered nothing`);
    }
    // the heap grows to its working size over the first minute or so: the last two runs are compared,
    // the one before the last being the baseline; a little slack absorbs a shared machine's noise
    const [first, last] = [runs[runs.length - 2], runs[runs.length - 1]];
    if (first && last) {
      const growth = (last.rssAfter - first.rssAfter) / first.rssAfter;
      opts.log(
        `  p99 ${first.p99} → ${last.p99} ms, RSS growth ${Math.round(growth * 100)} % over the last two runs${opts.loadTrendChecks ? '' : ' (printed, not judged in this profile)'}`,
      );
      if (opts.loadTrendChecks) {
        if (last.p99 > first.p99 * 1.5 + 20) problems.push(`p99 ${last.p99} ms is past the baseline ${first.p99} ms`);
        if (growth > 0.1)
          problems.push(`RSS grew ${Math.round(growth * 100)} % run to run (${first.rssAfter} → ${last.rssAfter} MB)`);
      }
    }
    for (const problem of problems) opts.log(`  ${problem}`);
    const total = runs.reduce((sum, r) => sum + r.requests, 0);
    return {
      ok: problems.length === 0,
      detail: `${runs.length} × ${opts.loadSeconds} s, ${total} requests, p99 ${runs.map((r) => r.p99).join(' / ')} ms, RSS ${runs.map((r) => `${r.rssBefore}→${r.rssAfter}`).join(', ')} MB, ${problems.length} problems`,
    };
  } finally {
    await server.stop();
  }
}
