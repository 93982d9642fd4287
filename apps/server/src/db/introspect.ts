import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.ts';

/** The four kinds of value a backup holds; every column of either database maps onto one. */
export type ValueKind = 'integer' | 'real' | 'text' | 'blob';

export interface ColumnInfo {
  name: string;
  kind: ValueKind;
  /** PostgreSQL booleans travel as 0/1 integers and go back as booleans. */
  boolean: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Tables this one references by foreign key. */
  references: string[];
}

/** SQLite's own affinity rules (the documentation's "3.1 Determination of column affinity"). */
function sqliteKind(declared: string): ValueKind {
  const type = declared.toLowerCase();
  if (type.includes('int')) return 'integer';
  if (/char|clob|text/.test(type)) return 'text';
  if (type === '' || type.includes('blob')) return 'blob';
  return 'real';
}

function postgresKind(dataType: string): ValueKind {
  if (['integer', 'bigint', 'smallint', 'boolean'].includes(dataType)) return 'integer';
  if (['double precision', 'real', 'numeric'].includes(dataType)) return 'real';
  if (dataType === 'bytea') return 'blob';
  return 'text';
}

async function sqliteTables(db: Kysely<unknown>): Promise<TableInfo[]> {
  // ordinary tables only: a search's full-text table and its shadow tables are made again from the rows
  const { rows: tables } = await sql<{ name: string }>`select name from pragma_table_list
    where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
  const result: TableInfo[] = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{
      name: string;
      type: string;
      pk: number;
    }>`select name, type, pk from pragma_table_info(${name}) order by cid`.execute(db);
    const { rows: keys } = await sql<{
      parent: string;
    }>`select distinct "table" as parent from pragma_foreign_key_list(${name})`.execute(db);
    result.push({
      name,
      columns: columns.map((c) => ({ name: c.name, kind: sqliteKind(c.type), boolean: false })),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      references: keys.map((k) => k.parent).filter((parent) => parent !== name),
    });
  }
  return result;
}

async function postgresTables(db: Kysely<unknown>): Promise<TableInfo[]> {
  const { rows: columns } = await sql<{
    table: string;
    name: string;
    type: string;
  }>`select table_name as "table", column_name as name, data_type as type
    from information_schema.columns c
    where table_schema = current_schema()
      and exists (select 1 from information_schema.tables t where t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db);
  const { rows: keys } = await sql<{
    table: string;
    name: string;
  }>`select kcu.table_name as "table", kcu.column_name as name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
    order by kcu.table_name, kcu.ordinal_position`.execute(db);
  const { rows: references } = await sql<{
    table: string;
    parent: string;
  }>`select distinct c.conrelid::regclass::text as "table", c.confrelid::regclass::text as parent
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
  const byName = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = byName.get(column.table) ?? { name: column.table, columns: [], primaryKey: [], references: [] };
    table.columns.push({ name: column.name, kind: postgresKind(column.type), boolean: column.type === 'boolean' });
    byName.set(column.table, table);
  }
  for (const key of keys) byName.get(key.table)?.primaryKey.push(key.name);
  for (const reference of references) {
    const table = byName.get(unquote(reference.table));
    const parent = unquote(reference.parent);
    if (table && parent !== table.name) table.references.push(parent);
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Every table of the database (PostgreSQL: of the current schema), as the database itself describes it. */
export async function listTables(db: Kysely<unknown>): Promise<TableInfo[]> {
  return dialectOf(db) === 'postgres' ? postgresTables(db) : sqliteTables(db);
}

/** Parents before children, so rows can be inserted in this order and deleted in the reverse one. */
export function inDependencyOrder<T extends Pick<TableInfo, 'name' | 'references'>>(tables: readonly T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visit = (table: T, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const parent of table.references) {
      const found = byName.get(parent);
      if (found) visit(found, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}
