import type { Kysely } from 'kysely';
import { binaryType, withId } from '../schema-helpers.ts';

/** users, sessions, logs and media, exactly as db/types.ts describes them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_token_hash').unique().on('sessions').column('token_hash').execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('logs'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // the log page reads newest first; this index serves both the order and the offset walk
  await db.schema.createIndex('logs_created_at_id').on('logs').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('media')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['media', 'logs', 'sessions', 'users']) await db.schema.dropTable(table).execute();
}
