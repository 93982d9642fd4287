import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../src/db/connection.ts';

/**
 * A plain connection of the harness's own to the server's database, beside the running server:
 * the checks read what is really stored, not what the API chooses to answer.
 */
export interface Inspector {
  all: <T = Record<string, unknown>>(text: string) => Promise<T[]>;
  /** SQLite's own checks ('ok' and no foreign-key violation); on PostgreSQL, orphan rows by hand. */
  integrity: () => Promise<string[]>;
  close: () => Promise<void>;
}

export function sqliteInspector(dataDir: string): Inspector {
  const db = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    all: async <T>(text: string) => db.prepare(text).all() as T[],
    integrity: async () => {
      const problems: string[] = [];
      const check = db.pragma('integrity_check') as { integrity_check: string }[];
      if (check.length !== 1 || check[0]?.integrity_check !== 'ok')
        problems.push(`integrity_check: ${JSON.stringify(check).slice(0, 300)}`);
      const fk = db.pragma('foreign_key_check') as unknown[];
      if (fk.length) problems.push(`foreign_key_check: ${fk.length} violations`);
      return problems;
    },
    close: async () => {
      db.close();
    },
  };
}

export async function postgresInspector(url: string): Promise<Inspector> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const all = async <T>(text: string) => (await client.query(text)).rows as T[];
  return {
    all,
    integrity: async () => {
      // PostgreSQL enforces its constraints itself; these name what a broken write would leave
      const orphans = await all<{ n: string }>(
        `select count(*) as n from sessions s where not exists (select 1 from users u where u.id = s.user_id)`,
      );
      const problems: string[] = [];
      if (Number(orphans[0]?.n) !== 0) problems.push(`sessions without a user: ${orphans[0]?.n}`);
      return problems;
    },
    close: async () => {
      await client.end();
    },
  };
}

/** An unreachable server fails the run in seconds rather than after the system's long TCP timeout. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A database of its own on the PostgreSQL server, created for one run and dropped after. */
export async function throwawayPostgres(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    // an open client would keep the process alive after a refused create
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
