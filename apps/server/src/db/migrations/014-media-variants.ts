import type { Kysely } from 'kysely';
import { binaryType } from '../schema-helpers.ts';

/**
 * `media_variants`: an image resized or converted on request (`/media/{name}?w=…&fm=…`), made once and kept
 * beside its original. The key is the original and the canonical variant ("w320.webp"), so two instances
 * making the same variant at once both insert and one row stays. Deleting an original deletes its variants
 * (foreign key, cascade). `bytes` is null when the variant is the original itself (no enlargement, same
 * format): those bytes are not stored twice. A backup leaves the table out; variants are made again on demand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_variants')
    .addColumn('media_sha256', 'text', (c) => c.notNull().references('media.sha256').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', binaryType(db))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_variants_pk', ['media_sha256', 'variant'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_variants').execute();
}
