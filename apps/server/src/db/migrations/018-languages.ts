import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { LOCALES_COUNTER } from '../change-counters.ts';

/**
 * - `locales`: the languages the website is published in. The default language's row is written at start
 *   (DEFAULT_LOCALE), so an existing database keeps every record's text in it and answers exactly as before.
 * - `translations`: a translated field's value in a language other than the default, one row per record (or
 *   sub-item), language and field. Shared fields and the default language's values stay in the section tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('locales')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fallback', 'text')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['section', 'record_id', 'locale', 'item_id', 'field'])
    .execute();
  // removing a language removes its translations
  await db.schema.createIndex('translations_locale').on('translations').column('locale').execute();

  await sql`insert into counters (name, value) values (${LOCALES_COUNTER}, 0)`.execute(db);
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function bursary_bump_locales() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = ${sql.lit(LOCALES_COUNTER)};
        return null;
      end $$`.execute(db);
    await sql`create trigger locales_changed after insert or update or delete on locales for each statement execute function bursary_bump_locales()`.execute(
      db,
    );
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql`create trigger ${sql.id(`locales_changed_${event}`)} after ${sql.raw(event)} on locales begin update counters set value = value + 1 where name = ${sql.lit(LOCALES_COUNTER)}; end`.execute(
        db,
      );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists locales_changed on locales`.execute(db);
    await sql`drop function if exists bursary_bump_locales()`.execute(db);
  }
  await db.schema.dropTable('translations').execute();
  await db.schema.dropTable('locales').execute();
  await sql`delete from counters where name = ${LOCALES_COUNTER}`.execute(db);
}
