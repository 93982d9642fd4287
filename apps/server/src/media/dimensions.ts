import type { Db } from '../db/types.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { WEB_RASTER } from './raster.ts';
import { loadSharp } from './sharp.ts';

interface Sized {
  sha256: string;
  ext: string;
  width: number | null;
  height: number | null;
}

/**
 * Rows with their size in pixels. Images stored before sizes were kept have none: theirs are read from their
 * headers the first time they are listed (only the page answered, so a library of thousands is measured a
 * page at a time, never all at once), kept, and never read again. sharp loads only when one is missing. An
 * SVG has no fixed size and stays without; an image that cannot be read stays without and is tried again.
 */
export async function withDimensions<R extends Sized>(db: Db, rows: R[]): Promise<R[]> {
  const missing = rows.filter((row) => row.width === null && Object.hasOwn(WEB_RASTER, row.ext));
  if (missing.length === 0) return rows;
  const sharp = await loadSharp();
  const measured = new Map<string, { width: number; height: number }>();
  for (const row of missing) {
    const stored = await db.selectFrom('media').select('bytes').where('sha256', '=', row.sha256).executeTakeFirst();
    if (!stored) continue;
    try {
      const meta = await sharp(Buffer.from(stored.bytes), {}).metadata();
      const { width, height } = meta.autoOrient;
      if (width && height) measured.set(row.sha256, { width, height });
    } catch {
      // an image that does not decode is served as it is; it simply has no size to show
    }
  }
  if (measured.size === 0) return rows;
  await writeTransaction(db, async (trx) => {
    for (const [sha256, size] of measured)
      await trx.updateTable('media').set(size).where('sha256', '=', sha256).where('width', 'is', null).execute();
  });
  return rows.map((row) => ({ ...row, ...measured.get(row.sha256) }));
}
