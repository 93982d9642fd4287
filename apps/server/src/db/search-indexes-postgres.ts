import { type Kysely, sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import { columnOf, tableOf } from './naming.ts';
import { dialectOf } from './dialect.ts';
import type { Db } from './types.ts';

/**
 * The search indexes on PostgreSQL (search-indexes.ts holds the rule they follow): a trigram index (`pg_trgm`) on
 * `lower()` of each search field and of the translations' values. Without the extension searches scan, and the
 * start says how to install it.
 */

/** The schema pg_trgm is installed in, or undefined when the database does not have it. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * Installs pg_trgm when the database lets this user (it is a trusted extension: a database owner may), in the
 * public schema so that every schema of the database finds it. A refusal is no error: searches scan instead.
 */
export async function installTrigramExtension(db: Kysely<unknown>): Promise<void> {
  if ((await trigramSchema(db)) !== undefined) return;
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
  }
}

/** The trigram indexes of every section's search fields and of the translations' values, when pg_trgm is there. */
export async function ensurePostgresSearchIndexes(db: Kysely<unknown>, registry: readonly SectionDef[]): Promise<void> {
  const schema = await trigramSchema(db);
  if (schema === undefined) return;
  for (const section of registry) {
    const table = tableOf(section);
    for (const field of section.search.map(columnOf)) {
      await sql`create index if not exists ${sql.id(`${table}_${field}_trgm`)} on ${sql.table(table)}
        using gin (lower(${sql.ref(field)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
  }
  // a search in a language matches the records' own translated values (item 0); sub-item texts are never searched
  await sql`create index if not exists translations_value_trgm on translations
    using gin (lower(value) ${sql.id(schema)}.gin_trgm_ops) where item_id = 0`.execute(db);
}

/** What an operator should know about searching at start-up, or undefined when every search is indexed. */
export async function searchIndexNotice(db: Db): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres' || (await trigramSchema(db as unknown as Kysely<unknown>)) !== undefined)
    return undefined;
  return 'PostgreSQL has no pg_trgm extension, so each search reads every row of its section. An administrator of the database can install it with: create extension pg_trgm;';
}
