import type { QueryClient } from '@tanstack/react-query';
import type { SectionRecord } from '@bursary/shared';
import { apiRequest } from './api-client';
import { refreshAfterRecordWrite } from './write-refresh';

/**
 * A revision to write back, and the record's ETag it may only overwrite (a restore never overwrites a change it has not
 * seen).
 */
export interface RestoreTarget {
  slug: string;
  revisionId: number;
  ifMatch?: string | null;
}

/**
 * POST /api/revisions/{id}/restore, then everything that shows the record is read again. A plain function rather
 * than a mutation hook: an Undo clicked after its page has gone must still refresh.
 */
export async function restoreRevision(
  queryClient: QueryClient,
  { slug, revisionId, ifMatch }: RestoreTarget,
): Promise<SectionRecord> {
  const { data } = await apiRequest<SectionRecord>('POST', `/api/revisions/${revisionId}/restore`, { ifMatch });
  await refreshAfterRecordWrite(queryClient, slug);
  return data;
}
