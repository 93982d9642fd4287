import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { ifMatchAccepts } from '../lib/etag.ts';
import { NotFoundError } from '../lib/errors.ts';
import { type ReadRecord, readRecord, readSingle } from '../records/read.ts';
import { recordNotFound } from '../records/record-writes.ts';
import { lockSection, type WriteContext } from '../records/write-concurrency.ts';

/** The record the changes routes address: by id, or a single-record section's one record. */
export type Target = number | 'single';

export async function targetRecord(db: Db, section: SectionDef, target: Target): Promise<ReadRecord> {
  const read = target === 'single' ? await readSingle(db, section) : await readRecord(db, section, target);
  if (read) return read;
  throw target === 'single' ? new NotFoundError(`${section.label} has no record.`) : recordNotFound(section, target);
}

/**
 * The record a publishing step addresses, read once steps on its section take turns (the lock lasts to the end of
 * the transaction): two steps on one record, two publishes or two saves of its changes, cannot both act on it.
 */
export async function lockedTarget(trx: Db, section: SectionDef, target: Target): Promise<ReadRecord> {
  await lockSection(trx, section);
  return targetRecord(trx, section, target);
}

/** How a step finds and refuses one set of waiting changes: the default language's, or one language's. */
interface ChangesRules<C> {
  find: (id: number) => Promise<C | undefined>;
  /** 412: If-Match names other changes than those waiting, or names changes where none wait. */
  stale: (existing: C | undefined) => Error;
  /** A save: a draft has no separate changes, it is saved itself. Refused before the changes are read. */
  draft?: (id: number) => Error;
  /** A discard: there must be changes to drop. Refused before If-Match is looked at. */
  none?: () => Error;
}

/**
 * The record a save or a discard of waiting changes addresses, locked as `lockedTarget` does, and the changes waiting
 * on it. If-Match names the changes' own tag, not the record's: sent, it must name them as they now are.
 */
export async function lockedChanges<C extends { etag: string }>(
  trx: Db,
  ctx: Pick<WriteContext, 'ifMatch'>,
  section: SectionDef,
  target: Target,
  rules: ChangesRules<C> & { none: () => Error },
): Promise<{ current: ReadRecord; existing: C }>;
export async function lockedChanges<C extends { etag: string }>(
  trx: Db,
  ctx: Pick<WriteContext, 'ifMatch'>,
  section: SectionDef,
  target: Target,
  rules: ChangesRules<C>,
): Promise<{ current: ReadRecord; existing: C | undefined }>;
export async function lockedChanges<C extends { etag: string }>(
  trx: Db,
  ctx: Pick<WriteContext, 'ifMatch'>,
  section: SectionDef,
  target: Target,
  rules: ChangesRules<C>,
): Promise<{ current: ReadRecord; existing: C | undefined }> {
  const current = await lockedTarget(trx, section, target);
  const id = current.record.id;
  if (rules.draft && current.status === 'draft') throw rules.draft(id);
  const existing = await rules.find(id);
  if (!existing && rules.none) throw rules.none();
  if (ctx.ifMatch !== undefined && (!existing || !ifMatchAccepts(ctx.ifMatch, existing.etag)))
    throw rules.stale(existing);
  return { current, existing };
}
