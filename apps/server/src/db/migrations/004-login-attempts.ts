import type { Kysely } from 'kysely';

/**
 * `login_attempts`: the sign-in throttle's counts, one row per key (a case-folded username or a
 * client address) holding its current window, so the count holds across instances, restarts
 * and concurrent guesses (docs/decisions/009-sign-in-throttle-in-the-database.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  // the sweep deletes windows that have passed
  await db.schema.createIndex('login_attempts_window_start').on('login_attempts').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
