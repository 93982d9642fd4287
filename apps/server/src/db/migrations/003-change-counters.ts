import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { LOGS_COUNTER } from '../change-counters.ts';

/**
 * `counters`: one row per thing whose changes readers must see at once (a section's version, the
 * number of log rows), kept by triggers so every writer, every process and every bulk load counts
 * (docs/decisions/006-cached-lists-and-change-counters.md). Existing log rows are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into counters (name, value) select ${LOGS_COUNTER}, count(*) from logs`.execute(db);
  // the dashboard's "last updated" is max(updated_at): an index answers it without a scan
  await db.schema.createIndex('logs_updated_at').on('logs').column('updated_at').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function bursary_count_logs() returns trigger language plpgsql as $$
      begin
        update counters set value = value + (case when tg_op = 'INSERT' then 1 else -1 end) where name = ${sql.lit(LOGS_COUNTER)};
        return null;
      end $$`.execute(db);
    await sql`create trigger logs_counted after insert or delete on logs for each row execute function bursary_count_logs()`.execute(
      db,
    );
  } else {
    await sql`create trigger logs_counted_insert after insert on logs begin update counters set value = value + 1 where name = ${sql.lit(LOGS_COUNTER)}; end`.execute(
      db,
    );
    await sql`create trigger logs_counted_delete after delete on logs begin update counters set value = value - 1 where name = ${sql.lit(LOGS_COUNTER)}; end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists logs_counted on logs`.execute(db);
    await sql`drop function if exists bursary_count_logs()`.execute(db);
  } else {
    await sql`drop trigger if exists logs_counted_insert`.execute(db);
    await sql`drop trigger if exists logs_counted_delete`.execute(db);
  }
  await db.schema.dropIndex('logs_updated_at').execute();
  await db.schema.dropTable('counters').execute();
}
