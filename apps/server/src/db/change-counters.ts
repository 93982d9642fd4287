import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { childTableOf, tableOf } from '../sections/naming.ts';
import { dialectOf } from './dialect.ts';

/** The counter of the number of log rows (kept by the triggers of migration 003). */
export const LOGS_COUNTER = 'logs';

/** The counter a section's triggers move on every insert, update or delete of its rows or sub-items. */
export const sectionCounter = (section: Pick<SectionDef, 'slug'>): string => `section:${section.slug}`;

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
    const counter = sectionCounter(section);
    for (const table of watchedTables(section)) {
      if (postgres) {
        await sql`create or replace trigger ${sql.id(`${table}_changed`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function bursary_bump_counter(${sql.lit(counter)})`.execute(db);
        continue;
      }
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger if not exists ${sql.id(`${table}_changed_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin insert into counters (name, value) values (${sql.lit(counter)}, 1) on conflict (name) do update set value = value + 1; end`.execute(db);
      }
    }
  }
}
