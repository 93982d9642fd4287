import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';

// a search in a language reads a few thousand pages; the default 2 MB cache made it read them from the file again
it("keeps 32 MB of SQLite's pages in the server's connection", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-page-cache-'));
  const db = await openDatabase({ ...loadConfig({}), dataDir });
  try {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
    expect(rows[0]?.cache_size).toBe(-32768);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// a commit of writes arriving together journals more than SQLite's 64 KiB for its savepoints: on disk, a temporary
// file made, written and deleted on every commit
it("keeps the server's connection's temporary storage, its savepoints' journals included, in memory", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-temp-store-'));
  const db = await openDatabase({ ...loadConfig({}), dataDir });
  try {
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(rows[0]?.temp_store).toBe(2);
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
