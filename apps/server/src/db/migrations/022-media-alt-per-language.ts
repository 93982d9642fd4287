import type { Kysely } from 'kysely';

/**
 * `media_alt`: an image's alternative text in a language other than the default, one row per image and language.
 * The default language's text stays in `media.alt`, so a website in one language reads exactly what it read before.
 * Deleting the image or the language takes its rows with it; the focal point stays one for every language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_alt')
    .addColumn('sha256', 'text', (c) => c.notNull().references('media.sha256').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull().references('locales.code').onDelete('cascade'))
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_alt_pk', ['sha256', 'locale'])
    .execute();
  // deleting a language finds its rows without reading every image's
  await db.schema.createIndex('media_alt_locale').on('media_alt').column('locale').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_alt').execute();
}
