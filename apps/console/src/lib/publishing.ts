import type { SectionDef, SectionRecord } from '@bursary/shared';

/**
 * A record as a signed-in `?status=all` read answers it: live (`published`) or not on the website (`draft`), whether a
 * published record carries changes the website does not see yet, and its scheduled actions (ISO UTC).
 */
export interface PublishingState {
  status: 'published' | 'draft';
  hasChanges: boolean;
  publishAt: string | null;
  unpublishAt: string | null;
}

const asTime = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The record's publishing state; a record read without `status=all` counts as published with nothing pending. */
export function publishingOf(record: SectionRecord): PublishingState {
  return {
    status: record.status === 'draft' ? 'draft' : 'published',
    hasChanges: record.has_changes === true,
    publishAt: asTime(record.publish_at),
    unpublishAt: asTime(record.unpublish_at),
  };
}

export const RECORD_BADGES = ['Draft', 'Unpublished changes', 'Scheduled'] as const;
export type RecordBadge = (typeof RECORD_BADGES)[number];

/** The list badges a record earns, in a fixed order. */
export function badgesOf(record: SectionRecord): RecordBadge[] {
  const state = publishingOf(record);
  const badges: RecordBadge[] = [];
  if (state.status === 'draft') badges.push('Draft');
  if (state.hasChanges) badges.push('Unpublished changes');
  if (state.publishAt || state.unpublishAt) badges.push('Scheduled');
  return badges;
}

/**
 * Where a record's publishing calls go: a collection's record by its id, a single-record section's one record by the
 * section alone (`/api/heroes/publish`).
 */
export function recordApiPath(section: SectionDef, id: string | number | undefined): string {
  return section.kind === 'collection' && id !== undefined ? `/api/${section.slug}/${id}` : `/api/${section.slug}`;
}
