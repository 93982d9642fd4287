import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { columnOf, tableOf } from './naming.ts';
import { dialectOf } from './dialect.ts';
import { ensurePostgresSearchIndexes } from './search-indexes-postgres.ts';

/**
 * The indexes a section's search (`?q=`, "contains, case-insensitive") finds its rows with, so a search reads
 * the rows that match instead of every row of the section. The search's own condition is unchanged: an index
 * only tells where to look, so the answers are exactly those of a scan.
 *
 * - SQLite: a full-text table per section (FTS5 with the trigram tokenizer: any substring of three characters or
 *   more is found). It holds the search fields in lower case as SQLite's `lower()` makes it (ASCII letters only,
 *   like SQLite's `like`), and matches case-sensitively. It stores no copy of the text (contentless) and no
 *   positions (`detail=none`): it finds the rows holding every trigram of the text, anywhere in their search
 *   fields, which include every row `like` finds, and `like` then decides. Without positions a write costs the index
 *   about a third less CPU and pages. Triggers on the section table keep it in the writing transaction, whoever
 *   writes: the API, a restore, a shell. Its row ids are the section's record ids: it indexes the values the
 *   section table holds, the default language's. Values in other languages live in rows of their own
 *   (`translations`), indexed the same way in one more full-text table keyed by those rows' ids, and a search in a
 *   language reads both. (No language column is stored here: an FTS5 table keeping unindexed values without their
 *   text leaves one of its tables behind when it is dropped, and then cannot be made again under its name.)
 * - PostgreSQL: a trigram index (`pg_trgm`) on `lower()` of each search field, which the planner uses for the
 *   very `lower(field) like '%…%'` the search sends, and one on `lower()` of the translations' values. Without the
 *   extension (a database that refuses to install it) searches scan as before.
 */

/** The full-text table of a section's search on SQLite. */
export const searchTableOf = (section: SectionDef): string => `${tableOf(section)}_fts`;

/** Fewer characters than a trigram: the full-text table cannot find them, so such a search scans. */
const SHORTEST_INDEXED = 3;

/**
 * How every full-text table is made. `detail=none` keeps no positions, so a phrase of several trigrams cannot be
 * asked (searchMatch asks for each trigram instead); a table made before without it is made again at start.
 */
const FTS_OPTIONS = "content='', contentless_delete=1, detail=none, tokenize='trigram case_sensitive 1'";

/**
 * The full-text query that finds every row whose search fields hold all the trigrams of `text` (already in lower
 * case), or undefined when the text is too short for the index. Trigrams side by side (and the last one) cover
 * every character: asking for the overlapping ones too would read more of the index and exclude almost nothing
 * more, since the search's own `like` decides anyway.
 */
export function searchMatch(text: string): string | undefined {
  const characters = [...text];
  if (characters.length < SHORTEST_INDEXED) return undefined;
  const starts = new Set<number>();
  for (let at = 0; at + SHORTEST_INDEXED <= characters.length; at += SHORTEST_INDEXED) starts.add(at);
  starts.add(characters.length - SHORTEST_INDEXED);
  const trigrams = new Set([...starts].map((at) => characters.slice(at, at + SHORTEST_INDEXED).join('')));
  return [...trigrams].map((trigram) => `"${trigram.replaceAll('"', '""')}"`).join(' AND ');
}

/** Whether a full-text table exists and was made with today's options (FTS_OPTIONS). */
async function hasCurrentOptions(db: Kysely<unknown>, table: string): Promise<boolean> {
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return rows[0]?.sql.includes(FTS_OPTIONS) ?? false;
}

const TRIGGER_EVENTS = ['insert', 'update', 'delete'] as const;
const triggerOf = (section: SectionDef, event: (typeof TRIGGER_EVENTS)[number]) => `${searchTableOf(section)}_${event}`;

/** The columns the full-text table must have: the search fields. */
const indexedColumns = (section: SectionDef): string[] => section.search.map(columnOf);

async function sqliteColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  return rows.map((row) => row.name);
}

async function ensureSqliteSearchTable(db: Kysely<unknown>, section: SectionDef): Promise<void> {
  const table = tableOf(section);
  const fts = searchTableOf(section);
  const fields = section.search.map(columnOf);
  const lowered = (prefix: 'new' | 'old' | 'row') =>
    sql.join(
      fields.map((field) =>
        prefix === 'row' ? sql`lower(${sql.ref(field)})` : sql`lower(${sql.raw(prefix)}.${sql.ref(field)})`,
      ),
    );
  const current =
    (await sqliteColumns(db, fts)).join(',') === indexedColumns(section).join(',') &&
    (await hasCurrentOptions(db, fts));
  // the triggers are made again at every start, so they always follow the search fields of this version
  for (const event of TRIGGER_EVENTS)
    await sql`drop trigger if exists ${sql.id(triggerOf(section, event))}`.execute(db);
  if (!current) {
    // a new section, its search fields changed or a table of an older version: made again from the section's rows
    await sql`drop table if exists ${sql.id(fts)}`.execute(db);
    await sql`create virtual table ${sql.id(fts)} using fts5(${sql.join(fields.map((f) => sql.id(f)))}, ${sql.raw(FTS_OPTIONS)})`.execute(
      db,
    );
    await sql`insert into ${sql.id(fts)} (rowid, ${sql.join(fields.map((f) => sql.id(f)))})
      select id, ${lowered('row')} from ${sql.table(table)}`.execute(db);
  }
  const columns = sql.join(fields.map((f) => sql.id(f)));
  await sql`create trigger ${sql.id(triggerOf(section, 'insert'))} after insert on ${sql.table(table)}
    begin insert into ${sql.id(fts)} (rowid, ${columns}) values (new.id, ${lowered('new')}); end`.execute(db);
  // only a change of a search field's value moves the index (a write costs the index a few hundred trigrams):
  // publishing, a version bump, another field or a save of the same text does not
  const changed = sql.join(
    fields.map((field) => sql`old.${sql.ref(field)} is not new.${sql.ref(field)}`),
    sql` or `,
  );
  await sql`create trigger ${sql.id(triggerOf(section, 'update'))} after update of ${columns} on ${sql.table(table)}
    when ${changed}
    begin
      delete from ${sql.id(fts)} where rowid = old.id;
      insert into ${sql.id(fts)} (rowid, ${columns}) values (new.id, ${lowered('new')});
    end`.execute(db);
  await sql`create trigger ${sql.id(triggerOf(section, 'delete'))} after delete on ${sql.table(table)}
    begin delete from ${sql.id(fts)} where rowid = old.id; end`.execute(db);
}

/** The full-text table of the translations' values on SQLite: its row ids are the `translations` rows' own. */
export const TRANSLATIONS_SEARCH_TABLE = 'translations_fts';
const translationTriggerOf = (event: (typeof TRIGGER_EVENTS)[number]) => `${TRANSLATIONS_SEARCH_TABLE}_${event}`;

/**
 * Which translations the full-text table holds, as a trigger's condition on its row (`new` or `old`): the values of
 * the records' own search fields (sub-item texts and other fields are never searched), every language alike.
 */
function searchedTranslations(registry: readonly SectionDef[], row: 'new' | 'old' | 'translations') {
  const per = registry.flatMap((section) => {
    const fields = section.search.filter((field) => section.fields[field]?.translated);
    if (fields.length === 0) return [];
    return [
      sql`(${sql.raw(row)}.section = ${sql.lit(section.slug)} and ${sql.raw(row)}.field in (${sql.join(fields.map((f) => sql.lit(f)))}))`,
    ];
  });
  if (per.length === 0) return sql`0`;
  return sql`${sql.raw(row)}.item_id = 0 and (${sql.join(per, sql` or `)})`;
}

/**
 * On SQLite: the full-text table of the translations a language's search finds, kept by triggers on `translations`
 * like a section's (every path that writes a translation: the API, a restore, deleting a language). The triggers
 * carry the registry's search fields in their condition, so a start whose registry changed them makes the table
 * again from the rows. Its row ids are the translations' own row ids, which no write changes (a translation is
 * upserted in place) and SQLite's VACUUM keeps.
 */
async function ensureSqliteTranslationSearch(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  const fts = TRANSLATIONS_SEARCH_TABLE;
  const insert = sql`create trigger ${sql.id(translationTriggerOf('insert'))} after insert on translations
    when ${searchedTranslations(registry, 'new')}
    begin insert into ${sql.id(fts)} (rowid, value) values (new.rowid, lower(new.value)); end`;
  // SQLite keeps a trigger's text as written, but for the case of its first two words
  const body = (text: string | undefined) => text?.replace(/^create trigger /i, '');
  const wanted = body(insert.compile(db).sql);
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'trigger' and name = ${translationTriggerOf('insert')}`.execute(db);
  if (body(rows[0]?.sql) === wanted && (await hasCurrentOptions(db, fts))) return;
  for (const event of TRIGGER_EVENTS)
    await sql`drop trigger if exists ${sql.id(translationTriggerOf(event))}`.execute(db);
  await sql`drop table if exists ${sql.id(fts)}`.execute(db);
  await sql`create virtual table ${sql.id(fts)} using fts5(value, ${sql.raw(FTS_OPTIONS)})`.execute(db);
  await sql`insert into ${sql.id(fts)} (rowid, value) select rowid, lower(value) from translations
    where ${searchedTranslations(registry, 'translations')}`.execute(db);
  await insert.execute(db);
  // an upsert of the same text, or of another field's value, leaves the index as it was
  await sql`create trigger ${sql.id(translationTriggerOf('update'))} after update of value on translations
    when old.value is not new.value and ${searchedTranslations(registry, 'new')}
    begin
      delete from ${sql.id(fts)} where rowid = old.rowid;
      insert into ${sql.id(fts)} (rowid, value) values (new.rowid, lower(new.value));
    end`.execute(db);
  await sql`create trigger ${sql.id(translationTriggerOf('delete'))} after delete on translations
    when ${searchedTranslations(registry, 'old')}
    begin delete from ${sql.id(fts)} where rowid = old.rowid; end`.execute(db);
}

/**
 * The index of the translations' values a search in a language reads (migration 021, then every start, like the
 * sections' own): a full-text table on SQLite, a trigram index on PostgreSQL.
 */
export async function ensureTranslationSearch(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  if (dialectOf(db) === 'postgres') await ensurePostgresSearchIndexes(db, registry);
  else await ensureSqliteTranslationSearch(db, registry);
}

/**
 * Brings every section's search index in line with the registry (a new section, changed search fields). On
 * SQLite a narrow b-tree of the search fields stays beside the full-text table for the searches too short for
 * it: their scan reads that index instead of every whole row. Only sections searched on plain text get one,
 * so rich text is not stored twice.
 */
export async function ensureSearchIndexes(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await ensurePostgresSearchIndexes(db, registry);
    return;
  }
  for (const section of registry) {
    await ensureSqliteSearchTable(db, section);
    if (section.search.some((field) => section.fields[field]?.kind === 'richtext')) continue;
    const table = tableOf(section);
    await db.schema
      .createIndex(`${table}_search`)
      .ifNotExists()
      .on(table)
      .columns(section.search.map(columnOf))
      .execute();
  }
  await ensureSqliteTranslationSearch(db, registry);
}
