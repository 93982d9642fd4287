// Images that no record and no kept version shows, as history retention (HISTORY_KEEP_DAYS) leaves them in a
// library that has run for a while. The API stores an image only with a record, whose history then keeps it, so
// the suite stores these in the database itself, before the server starts on it.
import { openDatabase } from '../../../server/src/db/connection.ts';
import { migrateToLatest } from '../../../server/src/db/migrate.ts';
import { storeImage } from '../../../server/src/media/store.ts';
import { UNUSED_IMAGE_SIZE } from './env.ts';
import { makePng } from './png.ts';

/** One per project that deletes one (desktop, mobile), and spares for a run that repeats a project. */
const SEEDS = [9101, 9102, 9103, 9104];

export async function storeUnusedImages(dataDir: string): Promise<void> {
  // the database the server is about to open, as its own environment names it
  const db = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    await migrateToLatest(db);
    for (const seed of SEEDS) await storeImage(db, { bytes: makePng(seed, UNUSED_IMAGE_SIZE) }, 5 * 1024 * 1024);
  } finally {
    await db.destroy();
  }
}
