import type { Kysely } from 'kysely';

/**
 * The browser that opened each session (its User-Agent, cut to a bounded length), so a user's list
 * of signed-in devices can name them. Sessions from before this migration have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
