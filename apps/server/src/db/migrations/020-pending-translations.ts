import type { Kysely } from 'kysely';

/**
 * `pending_translations`: the changes waiting on a record in one language other than the default, at most one set
 * per record and language, with their own version for their ETag. They hold that language's translated values only;
 * the default language's waiting changes stay in `pending_changes`, as the default language's values stay in the
 * section tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_translations')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pending_translations_pk', ['section', 'record_id', 'locale'])
    .execute();
  // removing a language removes its waiting changes
  await db.schema.createIndex('pending_translations_locale').on('pending_translations').column('locale').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_translations').execute();
}
