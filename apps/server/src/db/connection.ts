import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../config/config.ts';
import { createPrivateFile, makeOwnerOnly, makePrivateFolder } from '../lib/private-files.ts';
import type { Database } from './types.ts';
import { withStatementCache } from './statement-cache.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';

export const SQLITE_FILE_NAME = 'bursary.sqlite';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The PostgreSQL pool behind each Kysely instance, for the metrics. */
const pools = new WeakMap<object, { totalCount: number; idleCount: number; waitingCount: number }>();

/** The connection pool's state, or undefined on SQLite (one connection, no pool). */
export function poolStatsOf(db: object): PoolStats | undefined {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema every connection works in (tests isolate themselves this way). */
  searchPath?: string;
}

/**
 * Opens the embedded SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL is set.
 * SQLite runs in WAL mode with synchronous=FULL so that no acknowledged write is lost on a crash.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenOptions = {},
): Promise<Kysely<Database>> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openSqlite(config.dataDir);
}

/**
 * DATA_DIR as a folder: npm runs workspace scripts inside the workspace, so a relative DATA_DIR means the folder the
 * user ran npm in.
 */
export const dataDirPath = (dataDir: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), dataDir);

/** The SQLite file of a DATA_DIR. */
export const sqliteFilePath = (dataDir: string): string => join(dataDirPath(dataDir), SQLITE_FILE_NAME);

/**
 * The database file is made with mode 0600 before SQLite opens it (SQLite gives its -wal and -shm
 * files the mode of the database file), and narrowed to 0600 when an older version made it 0644.
 */
function ownerOnlyDatabaseFile(file: string): void {
  try {
    createPrivateFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (const path of [file, `${file}-wal`, `${file}-shm`]) makeOwnerOnly(path);
  }
}

/** The connections this process writes through, each with its count of changed rows (db/counter-reader.ts). */
const writers = new Map<SqliteDatabase.Database, SqliteDatabase.Statement<[], number>>();

/**
 * Rows changed so far by this process's SQLite connections (triggers' rows included, rolled back ones too), or
 * undefined while one of them is inside a transaction, whose commit moves nothing this count shows. Cheap: SQLite
 * keeps the count per connection, and reading it opens no read transaction.
 */
export function localSqliteChanges(): number | undefined {
  let changes = 0;
  for (const [database, totalChanges] of writers) {
    if (!database.open) {
      writers.delete(database);
      continue;
    }
    if (database.inTransaction) return undefined;
    changes += totalChanges.get() ?? 0;
  }
  return changes;
}

function openSqlite(dataDir: string): Kysely<Database> {
  const file = sqliteFilePath(dataDir);
  makePrivateFolder(dirname(file));
  ownerOnlyDatabaseFile(file);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // a search in a language reads a few thousand pages: the section's rows, its translations and both full-text
  // tables; in the default page cache (2 MB) they evict each other and every search reads them from the file again.
  // 32 MB keeps them (taken as pages are read, not up front)
  database.pragma('cache_size = -32768');
  // the pages a statement or a write's savepoint changes are kept to undo it alone (a sub-journal: nothing a crash
  // needs, the WAL is what recovers). Kept on disk, a commit of writes arriving together passed SQLite's 64 KiB
  // and opened, wrote and deleted a temporary file on every commit, about 5% of a write's CPU; in memory they
  // cost what a transaction changes (a write's few dozen pages), as do SQLite's temporary sorts
  database.pragma('temp_store = MEMORY');
  writers.set(database, database.prepare<[], number>('select total_changes()').pluck());
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

async function openPostgres(url: string, options: OpenOptions): Promise<Kysely<Database>> {
  // the PostgreSQL client loads only when the server uses PostgreSQL
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // a schema name is an identifier: quote it so any name stays one token
    ...(options.searchPath ? { options: `-c search_path="${options.searchPath.replaceAll('"', '""')}"` } : {}),
  });
  // an idle client losing its server must not crash the process; the next query reports it
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
