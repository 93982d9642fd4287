import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.ts';

/**
 * `throttle_devices`: the browsers that have signed in as a user (a device token each, kept as a
 * hash), so the sign-in throttle counts their attempts apart from everyone else's. Throttle state:
 * a backup leaves it out, and a restored fund's browsers start unknown again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('throttle_devices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_devices_token_hash')
    .unique()
    .on('throttle_devices')
    .column('token_hash')
    .execute();
  // the sweep deletes devices unused for a long time
  await db.schema.createIndex('throttle_devices_last_used_at').on('throttle_devices').column('last_used_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_devices').execute();
}
