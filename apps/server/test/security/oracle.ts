import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { sections } from '@bursary/shared';
import { sampleRecord } from '../factories.ts';
import { buildTestApp, type Dialect, type TestApp } from '../helper.ts';

/**
 * The oracle of the fuzz suites: no answer ≥ 500; every error is JSON
 * `{message, error}` (plus `fields` on validation, `current` on 412) with no stack, SQL, path or
 * package name; nothing stored for a refused request; the app still healthy afterwards.
 */

/** Traces of the inside of the server that must never reach a client. */
const LEAK = new RegExp(
  [
    String.raw`\bat [\w$.<>]+ \(`,
    String.raw`\.[cm]?[jt]s:\d+`,
    'node_modules',
    String.raw`(?:^|[\s"'(])/(?:home|work|tmp|usr|var|root|etc)/`,
    'SQLITE_',
    'sqlite',
    'postgres',
    'kysely',
    'fastify',
    'zod',
    'busboy',
    String.raw`syntax error`,
    String.raw`relation "`,
    String.raw`\bselect\b[^"]*\bfrom\b`,
    String.raw`\binsert into\b`,
    String.raw`\bFST_`,
    String.raw`\bERR_[A-Z_]+`,
    String.raw`\bTypeError\b`,
    'stack',
  ].join('|'),
  'i',
);

const ERROR_KEYS = new Set(['message', 'error', 'fields', 'current']);

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** What is wrong with one answer, as readable lines (empty when it is calm). */
function problemsOf(res: Answer, what: string): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${what}: answered ${res.statusCode}`);
  if (res.statusCode < 400) return problems;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    problems.push(`${what}: ${res.statusCode} answered as ${String(res.headers['content-type'])}`);
    return problems;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return [...problems, `${what}: ${res.statusCode} body is not JSON`];
  }
  if (typeof body.message !== 'string' || typeof body.error !== 'string')
    problems.push(`${what}: ${res.statusCode} without {message, error}`);
  const extra = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length) problems.push(`${what}: error body has ${extra.join(', ')}`);
  // the current record of a 412 is content, which may hold anything an editor wrote
  const { current: _current, ...told } = body;
  const leak = LEAK.exec(JSON.stringify(told));
  if (leak) problems.push(`${what}: error body leaks "${leak[0]}": ${res.body.slice(0, 200)}`);
  return problems;
}

/**
 * What any stored write leaves behind: every write appends a log row in its transaction (the newest log id moves),
 * uploads add media. The newest id is read from the key's index; counting the log, which grows with every write of
 * the run, made each check dearer than the last.
 */
async function storedMark(t: TestApp): Promise<string> {
  const row = await sql<{
    log: number | string | null;
    media: number | string;
  }>`select (select max(id) from logs) as log, (select count(*) from media) as media`.execute(t.db);
  return `newest log ${row.rows[0]?.log ?? 'none'}, ${row.rows[0]?.media} media`;
}

/**
 * A fuzzing session: sends requests one after another, checks each answer, and for a refused
 * write checks that nothing was stored. Collects every problem, so one run reports them all.
 */
export class Fuzzer {
  readonly problems: string[] = [];
  requests = 0;
  slowestMs = 0;
  slowest = '';
  private stored: string | undefined;
  readonly t: TestApp;

  constructor(t: TestApp) {
    this.t = t;
  }

  async send(what: string, options: InjectOptions): Promise<Answer> {
    this.stored ??= await storedMark(this.t);
    const started = performance.now();
    let res: Answer;
    try {
      res = await this.t.app.inject(options);
    } catch (error) {
      // the injector refuses some headers outright (as Node's HTTP client would): nothing reached the app
      if (error instanceof TypeError && /header/i.test(error.message)) return { statusCode: 0, body: '', headers: {} };
      throw error;
    }
    const took = performance.now() - started;
    this.requests += 1;
    if (took > this.slowestMs) {
      this.slowestMs = took;
      this.slowest = what;
    }
    this.problems.push(...problemsOf(res, what));
    const method = String(options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      const stored = await storedMark(this.t);
      if (res.statusCode >= 400 && stored !== this.stored)
        this.problems.push(`${what}: refused with ${res.statusCode} but stored rows (${this.stored} → ${stored})`);
      this.stored = stored;
    }
    return res;
  }

  /** The same app, still answering: health 200 and a public read 200. */
  async expectHealthy(): Promise<void> {
    for (const url of ['/api/health', '/api/faqs?limit=1']) {
      const res = await this.t.app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) this.problems.push(`after fuzzing, GET ${url} answered ${res.statusCode}`);
    }
  }

  report(label: string): void {
    console.info(
      `${label}: ${this.requests} requests, ${this.problems.length} problems, slowest ${Math.round(this.slowestMs)} ms (${this.slowest.slice(0, 80)})`,
    );
  }
}

/**
 * The real app for fuzzing. SQLite lives on a memory file system when there is one: the fuzz
 * is about input, and durability has its own crash suite, so each write need not wait on a disk.
 */
export async function buildFuzzApp(dialect: Dialect): Promise<TestApp> {
  const memory =
    dialect === 'sqlite' && existsSync('/dev/shm') ? mkdtempSync(join('/dev/shm', 'bursary-fuzz-')) : undefined;
  // the throttle has its own suite; here it would answer 429 before the bodies are even read
  const t = await buildTestApp({
    dialect,
    config: {
      loginMaxFailures: 1_000_000,
      bodyMaxBytes: 2 * 1024 * 1024 + 1024,
      ...(memory ? { dataDir: memory } : {}),
    },
  });
  const close = t.close;
  return {
    ...t,
    close: async () => {
      try {
        await close();
      } finally {
        if (memory) rmSync(memory, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Record 1 in every section, and item 1 under every sub-item list, so that `:id` = 1 reaches a
 * real row on every route.
 */
export async function seedOneOfEach(t: TestApp, imageUrl: string): Promise<void> {
  for (const section of sections) {
    const body = sampleRecord(section, 1, imageUrl);
    const res = await t.injectAs(
      section.kind === 'single'
        ? { method: 'PUT', url: `/api/${section.slug}`, payload: body }
        : { method: 'POST', url: `/api/${section.slug}`, payload: body },
    );
    if (res.statusCode >= 300) throw new Error(`seeding ${section.slug} failed: ${res.statusCode} ${res.body}`);
    const sub = section.subItems;
    if (sub)
      await t.injectAs({ method: 'POST', url: `/api/${section.slug}/sub`, payload: { [sub.itemKey]: 'First item' } });
  }
}
