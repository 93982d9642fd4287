import { type Kysely, sql } from 'kysely';
import { withId } from '../schema-helpers.ts';

/**
 * Publishing's shared tables. The section tables' own `status` column is kept by the section-table
 * sync (db/section-schema.ts), which owns every section table's columns.
 *
 * - `pending_changes`: at most one set of changes waiting per record, as the record would be answered
 *   once published (fields and sub-item list), with its own version for its ETag.
 * - `schedules`: a publish or unpublish due at a UTC time. A pending one is claimed by the instance
 *   that runs it in the same transaction as the action, so it runs once; done and failed ones stay,
 *   with the reason a failure had.
 * - `preview_tokens`: read-only tokens for the website's preview, kept as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_changes')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pending_changes_pk', ['section', 'record_id'])
    .execute();

  await withId(db, db.schema.createTable('schedules'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // the runner's question: which pending actions are due
  await db.schema.createIndex('schedules_state_due').on('schedules').columns(['state', 'due_at']).execute();
  // a record's schedule, and at most one pending action of each kind per record
  await db.schema.createIndex('schedules_record').on('schedules').columns(['section', 'record_id']).execute();
  await db.schema
    .createIndex('schedules_one_pending')
    .unique()
    .on('schedules')
    .columns(['section', 'record_id', 'action'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();

  await withId(db, db.schema.createTable('preview_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('preview_tokens_token_hash').unique().on('preview_tokens').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('preview_tokens').execute();
  await db.schema.dropTable('schedules').execute();
  await db.schema.dropTable('pending_changes').execute();
}
