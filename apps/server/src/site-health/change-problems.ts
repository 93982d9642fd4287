import type { Db } from '../db/types.ts';
import type { StoredChange } from '../revisions/stored-change.ts';
import { storeRecordProblems } from './record-problems.ts';

/**
 * What the site's health now says of a changed record: its live text is checked unless it is a draft or gone, its
 * waiting changes unless it is gone. A new record has no stored problems to replace (ids are never reused).
 */
export function storeChangeProblems(trx: Db, change: StoredChange): Promise<void> {
  const deleted = change.action === 'delete';
  const live = deleted || change.status === 'draft' ? null : change.record;
  return storeRecordProblems(
    trx,
    change.section,
    change.record.id,
    { live, pending: deleted ? null : change.pending },
    { created: change.action === 'create' },
  );
}
