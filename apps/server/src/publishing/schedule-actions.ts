import type { SectionDef } from '@bursary/shared';
import type { Db, ScheduleAction } from '../db/types.ts';
import type { Changer } from '../records/change-pipeline.ts';
import { publishIn, unpublishIn } from './publish-writes.ts';

/**
 * Does a scheduled action in the transaction the runner opened (and in which it claimed the
 * schedule), as the user who set it: the record, its log row and its revision land with the claim.
 */
export type ScheduledAction = (trx: Db, who: Changer, section: SectionDef, id: number) => Promise<unknown>;

export const scheduledActions: Record<ScheduleAction, ScheduledAction> = { publish: publishIn, unpublish: unpublishIn };
