import type { SectionDef } from '@bursary/shared';
import { writeTransaction } from '../db/write-transaction.ts';
import type { Db } from '../db/types.ts';
import { nowIso } from '../lib/clock.ts';
import { ConflictError, NotFoundError, PreconditionFailedError, ValidationError } from '../lib/errors.ts';
import type { RawInput } from '../records/raw-input.ts';
import type { ReadRecord } from '../records/read.ts';
import { recordPath } from '../records/record-writes.ts';
import { takeStatus, validateRecord } from '../records/record-validation.ts';
import { pendingRecordOf } from '../records/pending-record.ts';
import { type PendingChanges, findPending, putPending, removePending } from '../pending/pending-store.ts';
import { prepareWrite } from '../records/write-columns.ts';
import type { WriteContext } from '../records/write-concurrency.ts';
import { setWaitingAltTexts, takeAltTexts } from '../records/image-alt.ts';
import { storePublishingStep } from './store-step.ts';
import { type Target, lockedChanges, targetRecord } from './target-record.ts';

const noChanges = (section: SectionDef) =>
  new NotFoundError(`No changes are waiting on this ${section.singular.toLowerCase()}.`);

const staleChanges = (section: SectionDef, current: PendingChanges | undefined) =>
  new PreconditionFailedError(
    `The changes to this ${section.singular.toLowerCase()} were saved by someone else since you opened them. Reload them to see the current ones, then make your change again.`,
    current?.record ?? null,
    section,
  );

/** The default language's waiting changes, as a save or a discard finds them in its transaction. */
const waitingChanges = (trx: Db, section: SectionDef) => ({
  find: (id: number) => findPending(trx, section, id),
  stale: (found: PendingChanges | undefined) => staleChanges(section, found),
});

/** GET …/changes: the record as it will be answered once its waiting changes are published. */
export async function readChanges(db: Db, section: SectionDef, target: Target): Promise<PendingChanges> {
  const record = await targetRecord(db, section, target);
  const pending = await findPending(db, section, record.record.id);
  if (!pending) throw noChanges(section);
  return pending;
}

/**
 * PUT …/changes: the same body and rules as the record's PUT (fields left out keep their waiting or
 * live value), kept aside until published. If-Match names the waiting changes' own tag.
 */
export async function saveChanges(
  ctx: WriteContext,
  section: SectionDef,
  target: Target,
  raw: RawInput,
): Promise<PendingChanges> {
  const { status, input } = takeStatus(raw);
  if (status !== undefined) {
    throw new ValidationError([
      { path: 'status', message: 'status is not part of the changes: publish them with POST …/publish' },
    ]);
  }
  const { alts, input: fields } = takeAltTexts(section, input);
  const values = validateRecord(section, 'update', fields);
  const prepared = await prepareWrite(ctx.config, section, values, fields.uploads);
  return writeTransaction(ctx.db, async (trx) => {
    const { current, existing } = await lockedChanges(trx, ctx, section, target, {
      ...waitingChanges(trx, section),
      draft: (id) =>
        new ConflictError(
          `This ${section.singular.toLowerCase()} is a draft, so it has no separate changes: save the draft itself (PUT ${recordPath(section, id)} with status "draft").`,
        ),
    });
    const id = current.record.id;
    const now = nowIso();
    const change = { live: current.record, base: existing?.record ?? current.record, values, prepared };
    const record = await pendingRecordOf(trx, section, change, now);
    const saved = await putPending(
      trx,
      section,
      id,
      { record, username: ctx.username, now },
      ctx.ifMatch === undefined ? undefined : existing?.version,
    );
    if (!saved) throw staleChanges(section, await findPending(trx, section, id));
    // the transaction ends with the refusal: the changes are not stored either
    await setWaitingAltTexts(trx, ctx, alts, saved.record);
    await storePublishingStep(trx, ctx, section, { step: 'changes saved', read: current, pending: saved.record, now });
    return saved;
  });
}

/** DELETE …/changes: the waiting changes are dropped; the live record stays as it is. */
export async function discardChanges(ctx: WriteContext, section: SectionDef, target: Target): Promise<ReadRecord> {
  return writeTransaction(ctx.db, async (trx) => {
    const { current, existing } = await lockedChanges(trx, ctx, section, target, {
      ...waitingChanges(trx, section),
      none: () => noChanges(section),
    });
    if (!(await removePending(trx, section, current.record.id, existing.version)))
      throw staleChanges(section, undefined);
    const step = { step: 'changes discarded' as const, read: current, pending: null, now: nowIso() };
    await storePublishingStep(trx, ctx, section, step);
    return current;
  });
}
