import {
  type DatabaseIntrospector,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  type TableMetadata,
  sql,
} from 'kysely';

/**
 * Kysely's migrator asks the dialect's introspector whether its ledger tables exist. Kysely's own
 * PostgreSQL introspector answers by reading every column of every schema in the database and naming
 * each table again by its schema as it goes: a schema that someone else drops meanwhile fails the
 * server's start-up with `schema "…" does not exist`, and a database shared with other applications
 * makes every start read their catalogues too. The server only ever works in the schema its connection
 * is set to, so this introspector answers for that schema alone (tables by name; no columns, which the
 * migrator never reads).
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables where table_schema = current_schema()`.execute(this.#db);
    return rows.map(({ name, schema, type }) => ({
      name,
      schema,
      isView: type === 'VIEW',
      isForeign: type === 'FOREIGN',
      columns: [],
    }));
  }
}

/** PostgreSQL as Kysely speaks it, with the introspector above. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
