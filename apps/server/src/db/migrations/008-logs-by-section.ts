import type { Kysely } from 'kysely';

/**
 * Log rows by section: viewers and editors are shown the log without the user-administration rows,
 * and their total is the kept count less those rows, which are few; this index counts them
 * without walking the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('logs_section').on('logs').column('section').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('logs_section').execute();
}
