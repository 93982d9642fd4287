import { type Kysely, sql } from 'kysely';
import { withId } from '../schema-helpers.ts';

/**
 * `revisions`: every version of every record, written in the change's transaction beside its log
 * rows (docs/decisions/011-history-and-undo.md); each log row names its revision, and a
 * revision's log row is the first that names it, found among the rows of its time (logs_created_at_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('revisions'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // a record's history page, newest first, and "is this the record's latest revision"
  await db.schema.createIndex('revisions_record').on('revisions').columns(['section', 'record_id', 'id']).execute();
  // the trash walks the deletes newest first; partial, so the other writes do not maintain it
  await db.schema
    .createIndex('revisions_deletes')
    .on('revisions')
    .column('id')
    .where(sql.ref('action'), '=', 'delete')
    .execute();
  await db.schema.alterTable('logs').addColumn('revision_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logs').dropColumn('revision_id').execute();
  await db.schema.dropTable('revisions').execute();
}
