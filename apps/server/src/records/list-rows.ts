import { type RawBuilder, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { rowsCounter } from '../db/change-counters.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Db } from '../db/types.ts';
import { columnOf, tableOf } from '../db/naming.ts';
import { TRANSLATIONS_SEARCH_TABLE, searchMatch, searchTableOf } from '../db/search-indexes.ts';
import { type Row, tablesByName } from './repository.ts';

/** A section's list as stored: its search (through the full-text indexes), its page and its total. */
export interface ListQuery {
  /** Only published records: what the website and every reader without `status=all` sees. */
  publishedOnly?: boolean | undefined;
  q?: string | undefined;
  /**
   * A search in a language: the languages besides the default whose values a translated field is matched by, in
   * the order a read takes them (the field's value in the first that has it, else the default language's).
   */
  searchIn?: readonly string[] | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** `%`, `_` and the escape character itself match literally in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A field's value as a read in a language shows it: its first translation in `searchIn`, else the column. */
function shownValue(section: SectionDef, field: string, searchIn: readonly string[] | undefined) {
  const column = sql.ref(columnOf(field));
  if (!searchIn?.length || !section.fields[field]?.translated) return column;
  const translation = (locale: string) =>
    sql`(select t.value from translations t where t.section = ${section.slug} and t.record_id = ${sql.ref(`${tableOf(section)}.id`)} and t.item_id = 0 and t.locale = ${locale} and t.field = ${field})`;
  return sql`coalesce(${sql.join([...searchIn.map(translation), column])})`;
}

function searchFilter(db: Db, section: SectionDef, q: string | undefined, searchIn?: readonly string[]) {
  if (!q) return undefined;
  const text = q.toLowerCase();
  const pattern = likePattern(text);
  const postgres = dialectOf(db) === 'postgres';
  // SQLite's like already ignores ASCII case, and its lower() changes nothing else: the same match
  // without a function call per row, and its plain columns let a search index cover the scan
  const column = (field: string) =>
    postgres ? sql`lower(${shownValue(section, field, searchIn)})` : shownValue(section, field, searchIn);
  const contains = sql<boolean>`(${sql.join(
    section.search.map((field) => sql`${column(field)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
  if (searchIn?.length) {
    const found = candidates(db, section, text, pattern, searchIn);
    return found ? sql<boolean>`id in (${found}) and ${contains}` : contains;
  }
  // PostgreSQL's planner finds the trigram indexes for the like itself; SQLite is told where to look by its
  // full-text table, and the like still decides, so the index can only narrow the rows read, never change them
  const match = postgres ? undefined : searchMatch(text);
  if (!match) return contains;
  const fts = sql.table(searchTableOf(section));
  return sql<boolean>`id in (select rowid from ${fts} where ${fts} match ${match}) and ${contains}`;
}

/**
 * The records a search in a language may find, read from the indexes: those whose default-language search fields
 * hold the text, and those with a translation in one of the languages read that holds it. A field shows one of
 * those values, so every match is among them; the search's own condition still decides (a record whose French
 * title shows instead of the English one that matched is not found). Text too short for SQLite's full-text tables
 * scans, as in the default language.
 */
function candidates(db: Db, section: SectionDef, text: string, pattern: string, searchIn: readonly string[]) {
  const inLanguages = sql`t.section = ${section.slug} and t.item_id = 0 and t.locale in (${sql.join([...searchIn])})`;
  if (dialectOf(db) === 'postgres') {
    const own = sql.join(
      section.search.map((field) => sql`lower(${sql.ref(columnOf(field))}) like ${pattern} escape '\\'`),
      sql` or `,
    );
    return sql`select id from ${sql.table(tableOf(section))} where ${own}
      union all select t.record_id from translations t where ${inLanguages} and lower(t.value) like ${pattern} escape '\\'`;
  }
  const match = searchMatch(text);
  if (!match) return undefined;
  const fts = sql.table(searchTableOf(section));
  const translated = sql.table(TRANSLATIONS_SEARCH_TABLE);
  // cross join: SQLite reads the full-text table first and looks each translation up by its row id, rather than
  // reading every translation of the section and asking the full-text table about each
  return sql`select rowid from ${fts} where ${fts} match ${match}
    union all select t.record_id from ${translated} f cross join translations t on t.rowid = f.rowid
      where ${translated} match ${match} and ${inLanguages}`;
}

/** Rows of a section, newest first (a new item goes to the front). */
export async function listRows(db: Db, section: SectionDef, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const search = searchFilter(db, section, query.q, query.searchIn);
  const published = query.publishedOnly ? sql<boolean>`status = 'published'` : undefined;
  const filter = search && published ? sql<boolean>`${published} and ${search}` : (search ?? published);
  let rows = tablesByName(db).selectFrom(tableOf(section)).selectAll().orderBy('id', 'desc');
  // the public unfiltered total is the section's counter of published rows (db/change-counters.ts), not a
  // count of every row
  const counted = query.publishedOnly && !search;
  let count = counted
    ? tablesByName(db)
        .selectFrom('counters')
        .select(sql<number | string>`value`.as('total'))
        .where('name', '=', rowsCounter(section))
    : tablesByName(db)
        .selectFrom(tableOf(section))
        .select(sql<number | string>`count(*)`.as('total'));
  if (filter) {
    rows = rows.where(filter);
    if (!counted) count = count.where(filter);
  }
  if (query.limit !== undefined) rows = rows.limit(query.limit);
  // SQLite allows an offset only after a limit: the route always gives one with an offset
  if (query.offset) rows = rows.offset(query.offset);
  if (filter && search && query.searchIn?.length) return pageAndTotal(db, section, filter, query, count);
  const [found, totals] = await Promise.all([rows.execute(), count.executeTakeFirst()]);
  return { rows: found, total: Number(totals?.total ?? 0) };
}

/**
 * A search in a language decides on every candidate the indexes give (its shown values are looked up one by one):
 * the page and its total would each pay for that, so the matching ids are found once and both are read from them.
 * A page past the end has no row to carry the total: it is counted apart.
 */
async function pageAndTotal(
  db: Db,
  section: SectionDef,
  filter: RawBuilder<boolean>,
  query: ListQuery,
  count: { executeTakeFirst: () => Promise<{ total: number | string } | undefined> },
): Promise<{ rows: Row[]; total: number }> {
  const table = sql.table(tableOf(section));
  const page = query.limit === undefined ? sql`` : sql` limit ${query.limit}`;
  const skip = query.offset ? sql` offset ${query.offset}` : sql``;
  // the page's ids are chosen among the ids alone, so only its own rows are read whole
  const { rows } = await sql<Row & { found_total: number | string }>`with found as materialized (
      select id from ${table} where ${filter})
    select ${table}.*, (select count(*) from found) as found_total from ${table}
    where id in (select id from found order by id desc${page}${skip}) order by id desc`.execute(db);
  if (rows.length === 0 && query.offset)
    return { rows: [], total: Number((await count.executeTakeFirst())?.total ?? 0) };
  const total = Number(rows[0]?.found_total ?? 0);
  return { rows: rows.map(({ found_total: _, ...row }) => row), total };
}

/**
 * The statements every write (and a read of one record) runs on a section's table, compiled once per table and
 * shape (db/prepared-query.ts): building and compiling them cost more than SQLite takes to run them.
 */
