import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { childTableOf, tableOf } from './naming.ts';
import { dialectOf } from './dialect.ts';

/** The counter of the number of log rows (kept by the triggers of migration 003). */
export const LOGS_COUNTER = 'logs';

/** The counter every change of the languages moves (triggers of migration 018): answers in a language depend on them. */
export const LOCALES_COUNTER = 'locales';

/** The counter a section's triggers move on every insert, update or delete of its rows or sub-items. */
export const sectionCounter = (section: Pick<SectionDef, 'slug'>): string => `section:${section.slug}`;

/**
 * The number of published records of a section (triggers on its table). Named apart from the count of
 * every row that older versions kept, so a database moving over starts it afresh from an exact count.
 */
export const rowsCounter = (section: Pick<SectionDef, 'slug'>): string => `published:${section.slug}`;

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
 * Keeps `published:{slug}` equal to the section's number of published records, so an unfiltered public
 * page reads its total instead of counting a hundred thousand rows. A row counts while its status is
 * `published`: an insert, a delete or a status change moves it. The trigger comes first: on PostgreSQL
 * creating it locks out writers until this transaction ends, so the count taken after it is exact.
 */
async function ensureRowCounter(db: Kysely<unknown>, section: SectionDef, postgres: boolean): Promise<void> {
  const table = tableOf(section);
  const counter = rowsCounter(section);
  if (postgres) {
    await sql`create or replace function bursary_count_published() returns trigger language plpgsql as $$
      declare
        delta integer := 0;
      begin
        if tg_op <> 'DELETE' and new.status = 'published' then delta := delta + 1; end if;
        if tg_op <> 'INSERT' and old.status = 'published' then delta := delta - 1; end if;
        if delta <> 0 then update counters set value = value + delta where name = tg_argv[0]; end if;
        return null;
      end $$`.execute(db);
    // the same trigger name as the count of every row it replaces, so an older database moves over in place
    await sql`create or replace trigger ${sql.id(`${table}_counted`)} after insert or delete or update of status on ${sql.table(table)}
      for each row execute function bursary_count_published(${sql.lit(counter)})`.execute(db);
  } else {
    // an older database counted every row under these names
    for (const event of ['insert', 'delete'])
      await sql`drop trigger if exists ${sql.id(`${table}_counted_${event}`)}`.execute(db);
    const published = sql.lit('published');
    const triggers = [
      ['insert', sql`after insert on ${sql.table(table)} when new.status = ${published}`, 1],
      ['delete', sql`after delete on ${sql.table(table)} when old.status = ${published}`, -1],
      [
        'publish',
        sql`after update of status on ${sql.table(table)} when new.status = ${published} and old.status <> ${published}`,
        1,
      ],
      [
        'unpublish',
        sql`after update of status on ${sql.table(table)} when old.status = ${published} and new.status <> ${published}`,
        -1,
      ],
    ] as const;
    for (const [name, when, step] of triggers) {
      await sql`create trigger if not exists ${sql.id(`${table}_published_${name}`)} ${when}
        begin update counters set value = value + ${sql.lit(step)} where name = ${sql.lit(counter)}; end`.execute(db);
    }
  }
  // the count is a scalar subquery: an aggregate over a filtered FROM still yields a row, which
  // would insert the counter again at every start after the first
  await sql`insert into counters (name, value) select ${counter}, (select count(*) from ${sql.table(table)} where status = 'published')
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
  const counts: [string, string, boolean][] = registry.map((section) => [rowsCounter(section), tableOf(section), true]);
  counts.push([LOGS_COUNTER, 'logs', false]);
  for (const [counter, table, publishedOnly] of counts) {
    if (!existingTables.has(table)) continue;
    const filter = publishedOnly ? sql` where status = 'published'` : sql``;
    await sql`insert into counters (name, value) select ${counter}, (select count(*) from ${sql.table(table)}${filter})
      on conflict (name) do update set value = excluded.value`.execute(db);
  }
  for (const section of registry) {
    await sql`insert into counters (name, value) values (${sectionCounter(section)}, 1)
      on conflict (name) do update set value = counters.value + 1`.execute(db);
  }
}
