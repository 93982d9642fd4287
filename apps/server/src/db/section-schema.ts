import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { dialectOf } from './dialect.ts';
import { withId } from './schema-helpers.ts';
import { childTableOf, columnOf, columnTypeOf, itemColumnOf, tableOf } from './naming.ts';

/** The column names of a table in the current schema, or null when the table does not exist. */
async function existingColumns(db: Kysely<unknown>, table: string): Promise<Set<string> | null> {
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.rows.length === 0 ? null : new Set(rows.rows.map((r) => r.name));
}

/** `published` (public reads answer it) or `draft` (only signed-in and preview reads see it). */
const statusColumn = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('published');

async function syncSectionTable(db: Kysely<unknown>, section: SectionDef): Promise<void> {
  const table = tableOf(section);
  const columns = await existingColumns(db, table);
  const fields = Object.entries(section.fields);
  if (!columns) {
    let create = withId(db, db.schema.createTable(table)).addColumn('version', 'integer', (c) =>
      c.notNull().defaultTo(1),
    );
    for (const [name, def] of fields) create = create.addColumn(columnOf(name), columnTypeOf(def));
    await create
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', statusColumn)
      .execute();
  } else {
    // a field added to the registry after the table was made becomes a nullable column
    for (const [name, def] of fields) {
      if (!columns.has(columnOf(name)))
        await db.schema.alterTable(table).addColumn(columnOf(name), columnTypeOf(def)).execute();
    }
    // records stored before drafts existed were all live: the default keeps them published
    if (!columns.has('status')) await db.schema.alterTable(table).addColumn('status', 'text', statusColumn).execute();
  }
  // public reads ask for published rows in id order: the index answers them without reading drafts
  await db.schema.createIndex(`${table}_status_id`).ifNotExists().on(table).columns(['status', 'id']).execute();
  // the site's health asks for published rows not changed for a long time: the index answers without a scan
  await db.schema
    .createIndex(`${table}_status_updated`)
    .ifNotExists()
    .on(table)
    .columns(['status', 'updated_at'])
    .execute();
}

async function syncChildTable(db: Kysely<unknown>, section: SectionDef): Promise<void> {
  const sub = section.subItems;
  if (!sub) return;
  const table = childTableOf(section, sub);
  if (await existingColumns(db, table)) return;
  await withId(db, db.schema.createTable(table))
    .addColumn('parent_id', 'integer', (c) =>
      c
        .notNull()
        .references(`${tableOf(section)}.id`)
        .onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn(itemColumnOf(sub), 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${table}_parent_position`).on(table).columns(['parent_id', 'position']).execute();
}

/**
 * Brings the section tables in line with the registry: creates missing tables and adds missing
 * columns. It never drops or retypes anything, so a field removed from the registry keeps its data.
 */
export async function syncSectionTables(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  for (const section of registry) {
    await syncSectionTable(db, section);
    await syncChildTable(db, section);
  }
}
