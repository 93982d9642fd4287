import type { Kysely } from 'kysely';

/**
 * - `translations.source`: the fingerprint of the default language's value a translation was made from. A
 *   translation whose source no longer matches the default language's value is outdated; a fingerprint, not a time,
 *   so two writes within one clock tick still order right. Null for values written before: counted as current.
 * - `locales.is_default`: 1 on the row of DEFAULT_LOCALE (set at start), so checks made inside a write's
 *   transaction can tell the other languages from it without the configuration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('source', 'text').execute();
  await db.schema
    .alterTable('locales')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').dropColumn('source').execute();
  await db.schema.alterTable('locales').dropColumn('is_default').execute();
}
