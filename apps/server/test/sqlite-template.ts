import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDatabase, sqliteFilePath } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file migrated once for the whole run, which each test app starts from as a copy. */
    migratedSqlite: string;
  }
}

/**
 * Vitest's global set-up: migrates one SQLite database before any file runs. Every migration commits with a full
 * fsync, which made each test app's migration cost about 2 s on a busy machine; a copy of the migrated file costs
 * a few milliseconds. The apps still run the migrator on their copy, which finds nothing to do.
 */
export default async function migrateOnce(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-migrated-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await migrateToLatest(db);
  } finally {
    // closing the only connection checkpoints the write-ahead log into the file, so the file alone is complete
    await db.destroy();
  }
  project.provide('migratedSqlite', sqliteFilePath(dataDir));
  return () => rmSync(dataDir, { recursive: true, force: true });
}

/** Puts the run's migrated SQLite file into a fresh data folder, where the app opens it. */
export function copyMigratedSqlite(dataDir: string): void {
  copyFileSync(inject('migratedSqlite'), sqliteFilePath(dataDir));
}
