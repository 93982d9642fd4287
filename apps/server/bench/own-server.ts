import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type SqliteDatabase from 'better-sqlite3';
import { startChild, stopChild, waitForHealth } from './processes.ts';
import { base, json, serverNodeFlags } from './run-server.ts';
import { migratedDataFolder } from './seed.ts';

/**
 * A part of the bench that needs data of its own: a fresh data folder, filled in bulk, then one or
 * more server processes on it, each on a port the system says is free.
 */

const here = import.meta.dirname;

/** A port nothing listens on now: the system picks it, the listener closes at once. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface OwnFolder {
  dataDir: string;
  admin: { username: string; password: string };
  remove: () => void;
}

/**
 * An empty data folder, whose admin the server adds at its first start: enough for a server on PostgreSQL, which
 * keeps only its files there.
 */
export function emptyDataFolder(): OwnFolder {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bench-part-'));
  const admin = { username: 'bench', password: `Bench-${randomBytes(12).toString('base64url')}` };
  return { dataDir, admin, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A migrated data folder; `fill` writes straight into its SQLite file (one transaction) before any server opens it. */
export async function ownDataFolder(fill: (database: SqliteDatabase.Database) => void): Promise<OwnFolder> {
  const folder = emptyDataFolder();
  const database = await migratedDataFolder(folder.dataDir, folder.admin);
  try {
    database.transaction(() => fill(database))();
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
  return folder;
}

export interface OwnServer {
  child: ChildProcess;
  base: string;
  /** The bench admin's bearer header. */
  auth: Record<string, string>;
  stop: () => Promise<void>;
}

/** Starts the server as `npm start` does on the folder, waits for /api/health and signs the admin in. */
export async function startOwnServer(folder: OwnFolder, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const since = performance.now();
  const child = startChild(
    join(here, '..', 'src', 'server.ts'),
    [],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: folder.dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: folder.admin.username,
      ADMIN_PASSWORD: folder.admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    serverNodeFlags,
  );
  const url = base(port);
  try {
    await waitForHealth(url, since, child);
    const { body } = await json<{ token: string }>(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(folder.admin),
    });
    return { child, base: url, auth: { authorization: `Bearer ${body.token}` }, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** Runs `task` on every item with at most `width` at once (requests that prepare a measurement). */
export async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}
