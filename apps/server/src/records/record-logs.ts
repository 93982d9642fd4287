import type { SectionDef, SectionRecord } from '@bursary/shared';
import { type LogEvent, type PublishingStep, publishingSummary, summary } from '../audit/log-writes.ts';
import type { ItemChange } from './sub-list.ts';

/** The log rows record writes make; a publishing step is an update of its record. */

/** The log rows of sub-item changes: one per item created or edited. */
export function itemLogs(
  who: { username: string },
  section: SectionDef,
  parentId: number,
  changes: ItemChange[],
): LogEvent[] {
  const label = section.subItems?.itemLabel ?? 'Item';
  return changes.map((change) => ({
    action: change.action,
    content: summary(label, change.text, change.action, change.id),
    section: section.slug,
    recordId: parentId,
    username: who.username,
  }));
}

export const recordLog = (
  who: { username: string },
  section: SectionDef,
  record: SectionRecord,
  action: 'create' | 'update' | 'delete',
): LogEvent => ({
  action,
  content: summary(section.singular, record[section.titleField], action, record.id),
  section: section.slug,
  recordId: record.id,
  username: who.username,
});

export const publishingLog = (
  who: { username: string },
  section: SectionDef,
  record: SectionRecord,
  step: PublishingStep,
): LogEvent => ({
  action: 'update',
  content: publishingSummary(section.singular, record[section.titleField], record.id, step),
  section: section.slug,
  recordId: record.id,
  username: who.username,
});
