import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ADMIN_USERNAME, type RunningServer, startServer } from '../reliability/server-process.ts';

/**
 * The sign-in throttle holds across instances: two real server processes
 * on one database share the count. Ports 3540–3549 are this suite's.
 */
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const guess = async (base: string, i: number) => {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: `wrong guess ${i}` }),
  });
  await res.arrayBuffer();
  return res.status;
};

describe.each(databases)('sign-in throttle across two server processes on %s', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The same database for both processes: one SQLite folder, or one fresh PostgreSQL schema. */
  async function sharedDatabase(): Promise<{ dataDir?: string; databaseUrl?: string }> {
    if (database === 'sqlite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'bursary-throttle-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      return { dataDir };
    }
    const schema = `throttle_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Pool({ connectionString: pgUrl, max: 1 });
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      try {
        await admin.query(`drop schema ${schema} cascade`);
      } finally {
        await admin.end();
      }
    });
    const url = new URL(pgUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { databaseUrl: url.toString() };
  }

  it(
    'evaluates at most 10 of 50 simultaneous wrong guesses split across them; the rest get 429',
    { timeout: 180_000 },
    async () => {
      const shared = await sharedDatabase();
      const port = database === 'sqlite' ? 3540 : 3542;
      const servers: RunningServer[] = [];
      // one after the other: the first migrates and creates the user, the second finds both done
      for (const offset of [0, 1]) {
        const server = await startServer({ port: port + offset, ...shared });
        cleanups.push(() => server.stop());
        servers.push(server);
      }
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => guess(servers[i % 2]?.base ?? '', i)));
      const evaluated = statuses.filter((s) => s === 401).length;
      const throttled = statuses.filter((s) => s === 429).length;
      expect(evaluated).toBeGreaterThan(0);
      expect(evaluated).toBeLessThanOrEqual(10);
      expect(throttled).toBeGreaterThan(0);
      // The promise is on the guesses evaluated, not on the 429s alone: a 503 (that process's hash
      // queue is full) gives its attempt back unevaluated, so a later guess may take its place.
      // Any other status is named in the failure.
      expect(statuses.filter((s) => s !== 401 && s !== 429 && s !== 503)).toEqual([]);
    },
  );
});
