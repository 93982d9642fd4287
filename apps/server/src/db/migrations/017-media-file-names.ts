import type { Kysely } from 'kysely';

/**
 * The uploaded file's own name (`file_name`, e.g. 'campus-open-day.jpg'), kept at upload so that people see the
 * name they know instead of the content address. Null for images stored before this migration and for images
 * that came without one (pasted into rich text): the console names those by their type instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('file_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('file_name').execute();
}
