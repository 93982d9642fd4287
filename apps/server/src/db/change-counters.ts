import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { childTableOf, tableOf } from './naming.ts';
import { dialectOf } from './dialect.ts';

/** The counter of the number of log rows (kept by the triggers of migration 003). */
export const LOGS_COUNTER = 'logs';

/** The counter a section's triggers move on every insert, update or delete of its rows or sub-items. */
export const sectionCounter = (section: Pick<SectionDef, 'slug'>): string => `section:${section.slug}`;

/** The number of records of a section (insert and delete triggers on its table). */
export const rowsCounter = (section: Pick<SectionDef, 'slug'>): string => `rows:${section.slug}`;

/** The tables whose changes change what a section's list answers. */
function watchedTables(section: SectionDef): string[] {
  return section.subItems ? [tableOf(section), childTableOf(section, section.subItems)] : [tableOf(section)];
}

/**
 * Makes every section table (and sub-item table) move its section's counter in the writing
 * transaction itself, so a reader that sees the commit sees the new version too, whoever wrote:
 * this process, another instance on the same PostgreSQL, a shell command or a bulk load.
 * Runs at every start after the section tables are synced, so new sections get their triggers.
 */
export async function ensureSectionTriggers(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres) {
    // the counter's name comes as the trigger's argument; one statement bumps once, however many rows
    await sql`create or replace function bursary_bump_counter() returns trigger language plpgsql as $$
      begin
        insert into counters (name, value) values (tg_argv[0], 1) on conflict (name) do update set value = counters.value + 1;
        return null;
      end $$`.execute(db);
  }
  for (const section of registry) {
    await ensureRowCounter(db, section, postgres);
    const counter = sectionCounter(section);
    for (const table of watchedTables(section)) {
      if (postgres) {
        await sql`create or replace trigger ${sql.id(`${table}_changed`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function bursary_bump_counter(${sql.lit(counter)})`.execute(db);
        continue;
      }
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger if not exists ${sql.id(`${table}_changed_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin insert into counters (name, value) values (${sql.lit(counter)}, 1) on conflict (name) do update set value = value + 1; end`.execute(
          db,
        );
      }
    }
  }
}

/**
 * Keeps `rows:{slug}` equal to the section's number of records, so an unfiltered page reads its
 * total instead of counting a hundred thousand rows. The trigger comes first: on PostgreSQL creating
 * it locks out writers until this transaction ends, so the count taken after it is exact.
 */
async function ensureRowCounter(db: Kysely<unknown>, section: SectionDef, postgres: boolean): Promise<void> {
  const table = tableOf(section);
  const counter = rowsCounter(section);
  if (postgres) {
    await sql`create or replace function bursary_count_rows() returns trigger language plpgsql as $$
      begin
        update counters set value = value + (case when tg_op = 'INSERT' then 1 else -1 end) where name = tg_argv[0];
        return null;
      end $$`.execute(db);
    await sql`create or replace trigger ${sql.id(`${table}_counted`)} after insert or delete on ${sql.table(table)}
      for each row execute function bursary_count_rows(${sql.lit(counter)})`.execute(db);
  } else {
    for (const [event, step] of [
      ['insert', 1],
      ['delete', -1],
    ] as const) {
      await sql`create trigger if not exists ${sql.id(`${table}_counted_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update counters set value = value + ${sql.lit(step)} where name = ${sql.lit(counter)}; end`.execute(db);
    }
  }
  // the count is a scalar subquery: an aggregate over a filtered FROM still yields a row, which
  // would insert the counter again at every start after the first
  await sql`insert into counters (name, value) select ${counter}, (select count(*) from ${sql.table(table)})
    where not exists (select 1 from counters where name = ${counter})`.execute(db);
}

/**
 * Sets the counters right after rows were loaded in bulk with the triggers off (a restore): each
 * section's and the log's row counts counted again, and every section's version moved on, so no
 * instance keeps serving a list it cached before the load.
 */
export async function recountCounters(
  db: Kysely<unknown>,
  registry: readonly SectionDef[],
  existingTables: ReadonlySet<string>,
): Promise<void> {
  const counts: [string, string][] = registry.map((section) => [rowsCounter(section), tableOf(section)]);
  counts.push([LOGS_COUNTER, 'logs']);
  for (const [counter, table] of counts) {
    if (!existingTables.has(table)) continue;
    await sql`insert into counters (name, value) select ${counter}, (select count(*) from ${sql.table(table)})
      on conflict (name) do update set value = excluded.value`.execute(db);
  }
  for (const section of registry) {
    await sql`insert into counters (name, value) values (${sectionCounter(section)}, 1)
      on conflict (name) do update set value = counters.value + 1`.execute(db);
  }
}
