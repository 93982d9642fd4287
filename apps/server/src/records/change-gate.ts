import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { ConflictError } from '../lib/errors.ts';
import type { RecordStatus } from './record-validation.ts';

/**
 * What a change does to a record on the website. A sub-item write is an `update` of its record; Undo is a `restore`
 * of the revision before the step undone; `image details` is an image's alternative text or focal point, which every
 * record showing the image carries.
 */
export type ChangeKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'publish'
  | 'unpublish'
  | 'translation'
  | 'translation marked current'
  | 'translation removed'
  | 'image details';

/** Who makes a change: a signed-in user, or a schedule coming due acting for the user who set it. */
interface ChangeActor {
  username: string;
  scheduled: boolean;
}

/** A change about to be stored, as the gate is asked about it. */
export interface ProposedChange {
  section: SectionDef;
  recordId: number;
  /** The one language the change is in; null: the record itself (its shared fields and default language). */
  locale: string | null;
  kind: ChangeKind;
  /** The record's status as the change leaves it (for a delete, as it was): a draft's changes are not on the website. */
  status: RecordStatus;
  actor: ChangeActor;
}

type GateAnswer = { allowed: true } | { allowed: false; reason: string };

/**
 * Decides whether a change may be stored, in the change's transaction (so it may read what the change sees): the one
 * place a rule such as "this section's changes need approval first" is kept. A refusal is answered 409 with its
 * reason, and the transaction takes back whatever the change had written.
 */
export type ChangeGate = (trx: Db, change: ProposedChange) => GateAnswer | Promise<GateAnswer>;

/** The gate of a fresh install: nothing needs approval. */
export const allowEveryChange: ChangeGate = () => ({ allowed: true });

export async function passGate(trx: Db, gate: ChangeGate, change: ProposedChange): Promise<void> {
  const answer = await gate(trx, change);
  if (!answer.allowed) throw new ConflictError(answer.reason);
}
