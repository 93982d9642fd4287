import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';

/** An image as the editor pastes it into rich text. */
export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** The stored JSON of the changes waiting on a record. */
export async function waitingRecord(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom('pending_changes')
    .select('record')
    .where('record_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.record;
}
