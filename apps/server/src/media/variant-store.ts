import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** A kept variant: its bytes, or null when it is the original itself. */
export interface StoredVariant {
  sha256: string;
  content_type: string;
  bytes: Uint8Array | null;
}

/** The variant of the original `sha256` stored under `ext`, if made; the original's bytes are not read. */
export async function findVariant(
  db: Kysely<Database>,
  original: { sha256: string; ext: string },
  variant: string,
): Promise<StoredVariant | undefined> {
  return await db
    .selectFrom('media_variants as v')
    .innerJoin('media as m', 'm.sha256', 'v.media_sha256')
    .select(['v.sha256', 'v.content_type', 'v.bytes'])
    .where('m.sha256', '=', original.sha256)
    .where('m.ext', '=', original.ext)
    .where('v.variant', '=', variant)
    .executeTakeFirst();
}

/**
 * Keeps a variant unless one is there already: another instance making the same variant at the same
 * moment inserts too, and both then answer the one row that stayed.
 */
export async function keepVariant(
  db: Kysely<Database>,
  original: { sha256: string; ext: string },
  variant: string,
  made: { bytes: Buffer | null; sha256: string; contentType: string },
): Promise<StoredVariant | undefined> {
  await db
    .insertInto('media_variants')
    .values({
      media_sha256: original.sha256,
      variant,
      sha256: made.sha256,
      content_type: made.contentType,
      size: made.bytes?.length ?? 0,
      bytes: made.bytes,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['media_sha256', 'variant']).doNothing())
    .execute();
  return findVariant(db, original, variant);
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
