import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CONTENTS_TABLE, MANIFEST_TABLE, TableDigest, contentChecksum } from '../../src/backup/format.ts';
import type { ColumnInfo } from '../../src/db/introspect.ts';

const serverDir = new URL('../..', import.meta.url).pathname;

/** For tests that run the commands several times: each run starts a new Node process, slow on a busy machine. */
export const CLI_TEST_TIMEOUT_MS = 120_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as the package scripts do (standard output is a pipe, not a terminal). */
export function cli(script: 'backup' | 'restore', env: NodeJS.ProcessEnv, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`src/cli/${script}.ts`, ...args], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Recomputes every checksum a backup holds after its tables were changed, as someone forging a
 * backup would: each table's row count and checksum, then the content checksum.
 */
function reseal(database: SqliteDatabase.Database): void {
  const entries = database.prepare(`select name, columns from ${CONTENTS_TABLE}`).all() as {
    name: string;
    columns: string;
  }[];
  const sealed = entries.map(({ name, columns }) => {
    const digest = new TableDigest(JSON.parse(columns) as ColumnInfo[]);
    const list = (JSON.parse(columns) as ColumnInfo[]).map((c) => quote(c.name)).join(', ');
    for (const row of database
      .prepare(`select ${list} from ${quote(name)}`)
      .raw()
      .iterate() as Iterable<unknown[]>)
      digest.add(row);
    database
      .prepare(`update ${CONTENTS_TABLE} set rows = ?, sha256 = ? where name = ?`)
      .run(digest.rows, digest.hex(), name);
    return { name, rows: digest.rows, sha256: digest.hex() };
  });
  database.prepare(`update ${MANIFEST_TABLE} set value = ? where key = 'contentSha256'`).run(contentChecksum(sealed));
}

/** Adds a table to a backup's table of contents, columns as the backup describes them. */
export function listTable(
  database: SqliteDatabase.Database,
  name: string,
  columns: Pick<ColumnInfo, 'name' | 'kind'>[],
): void {
  const position = (database.prepare(`select max(position) as p from ${CONTENTS_TABLE}`).get() as { p: number }).p + 1;
  database
    .prepare(`insert into ${CONTENTS_TABLE} values (?, ?, ?, '[]', '[]', 0, '')`)
    .run(name, position, JSON.stringify(columns.map((c) => ({ ...c, boolean: false }))));
}

/** A copy of `file` in `dir` changed by `change` and, unless told, resealed (without a checksum file beside it). */
export function forgedCopy(
  file: string,
  dir: string,
  name: string,
  change: (database: SqliteDatabase.Database) => void,
  resealed = true,
): string {
  const copy = join(dir, name);
  writeFileSync(copy, readFileSync(file));
  const database = new SqliteDatabase(copy);
  try {
    change(database);
    if (resealed) reseal(database);
  } finally {
    database.close();
  }
  return copy;
}
