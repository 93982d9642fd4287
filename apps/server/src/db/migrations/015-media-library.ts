import type { Kysely } from 'kysely';

/**
 * The media library: what an image shows (`alt`, '' until someone writes it), where a crop centres
 * (`focal_x`, `focal_y`, from 0 to 1, the centre until someone moves it) and its size in pixels
 * (`width`, `height`; null for an SVG, which has none, and for images stored before this migration
 * until they are first listed: media/dimensions.ts reads them then, a page at a time, so this migration
 * never decodes an image and a backup made before it restores with the same defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite's ALTER TABLE adds one at a time
  await db.schema
    .alterTable('media')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
    .execute();
  await db.schema.alterTable('media').addColumn('width', 'integer').execute();
  await db.schema.alterTable('media').addColumn('height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['height', 'width', 'focal_y', 'focal_x', 'alt'])
    await db.schema.alterTable('media').dropColumn(column).execute();
}
