import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type RunningServer, signIn, startServer } from './server-process.ts';

export type Cleanup = () => Promise<void>;

/** The same database for both processes: one SQLite folder, or one fresh PostgreSQL schema. */
async function sharedDatabase(
  database: 'sqlite' | 'postgres',
  pgUrl: string | undefined,
  cleanups: Cleanup[],
): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (database === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-two-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir };
  }
  const schema = `two_${randomBytes(6).toString('hex')}`;
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

/**
 * Two real server processes on one database, started one after the other (the first migrates and
 * creates the administrator, the second finds both done), the administrator's token and where the
 * database is.
 */
export async function twoServers(
  database: 'sqlite' | 'postgres',
  pgUrl: string | undefined,
  port: number,
  cleanups: Cleanup[],
): Promise<{ bases: [string, string]; token: string; shared: { dataDir?: string; databaseUrl?: string } }> {
  const shared = await sharedDatabase(database, pgUrl, cleanups);
  const servers: RunningServer[] = [];
  for (const offset of [0, 1]) {
    const server = await startServer({ port: port + offset, ...shared });
    cleanups.push(() => server.stop());
    servers.push(server);
  }
  const bases = servers.map((s) => s.base) as [string, string];
  return { bases, token: await signIn(bases[0]), shared };
}

/** A JSON request with the token; answers the status and the parsed body (or the text). */
export async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after') };
}
