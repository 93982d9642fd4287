import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Revision, SectionDef, SectionRecord } from '@bursary/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { asList, readOptions } from '@/lib/section-api';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import { restoreRevision } from '@/lib/revision-restore';
import { totalCountOf } from '@/lib/total-count';

/** Versions read per page; "Load more" reads the next. */
const REVISIONS_PAGE_SIZE = 20;

/** The key a record's history is kept under: its id, or 'single' for a single-record section's. */
const historyKey = (section: SectionDef, id: string | undefined) =>
  queryKeys.sections.history(section.slug, section.kind === 'single' ? 'single' : (id ?? ''));

interface RevisionsPage {
  items: Revision[];
  total: number;
  offset: number;
}

export function revisionsQuery(section: SectionDef, id: string | undefined) {
  const path = section.kind === 'single' ? `/api/${section.slug}/revisions` : `/api/${section.slug}/${id}/revisions`;
  return infiniteQueryOptions({
    queryKey: [...historyKey(section, id), 'versions'],
    queryFn: async ({ pageParam, signal }): Promise<RevisionsPage> => {
      const response = await apiRequest<Revision[]>('GET', path, {
        auth: true,
        query: { limit: REVISIONS_PAGE_SIZE, offset: pageParam },
        signal,
      });
      return {
        items: response.data,
        total: totalCountOf(response.headers, pageParam + response.data.length),
        offset: pageParam,
      };
    },
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total && last.items.length > 0
        ? last.offset + last.items.length
        : undefined,
  });
}

/**
 * The record as it is now, with its ETag, read as staff read it: a draft's History has a current version too, and the
 * answer is never one a cache kept for the website; null when it is deleted (a collection's answers 404, a single section's
 * nothing).
 */
export interface CurrentRecord {
  record: SectionRecord | null;
  etag: string | null;
}

export function currentRecordQuery(section: SectionDef, id: string | undefined) {
  return queryOptions({
    queryKey: [...historyKey(section, id), 'current'],
    queryFn: async ({ signal }): Promise<CurrentRecord> => {
      if (section.kind === 'single') {
        const { data, etag } = await apiRequest<unknown>('GET', `/api/${section.slug}`, { signal, ...readOptions() });
        const [record] = asList(data);
        return { record: record ?? null, etag: record ? etag : null };
      }
      try {
        const { data, etag } = await apiRequest<SectionRecord>('GET', `/api/${section.slug}/${id}`, {
          signal,
          ...readOptions(),
        });
        return { record: data, etag };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { record: null, etag: null };
        throw error;
      }
    },
    // a restore sends this ETag as If-Match: it must be the one just read
    staleTime: 0,
  });
}

/** POST /api/revisions/{id}/restore, against the current record's ETag when there is one. */
export function useRestoreRevision(section: SectionDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, etag }: { revisionId: number; etag: string | null }) =>
      restoreRevision(queryClient, { slug: section.slug, revisionId, ifMatch: etag }),
    // a refused restore may be a stale ETag: reading the record again is what the editor needs
    onError: () => refreshAfterRecordWrite(queryClient, section.slug),
  });
}
