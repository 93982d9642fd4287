import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashEntry } from '@bursary/shared';
import { findSection } from '@bursary/shared/sections';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { restoreRevision } from '@/lib/revision-restore';
import { totalCountOf } from '@/lib/total-count';

/** Deleted records shown per page. */
export const TRASH_PAGE_SIZE = 50;

export interface TrashPage {
  entries: TrashEntry[];
  total: number;
}

/** GET /api/trash, a page at a time, newest first; the page shown stays until the next arrives. */
export function useTrashPage(offset: number) {
  return useQuery({
    queryKey: queryKeys.trash.page({ limit: TRASH_PAGE_SIZE, offset }),
    queryFn: async ({ signal }): Promise<TrashPage> => {
      const { data, headers } = await apiRequest<TrashEntry[]>('GET', '/api/trash', {
        auth: true,
        signal,
        query: { limit: TRASH_PAGE_SIZE, offset },
      });
      return { entries: data, total: totalCountOf(headers, offset + data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** One record's name in the trash's toasts: 'FAQ "How do I apply?"'. */
export function entryName(entry: TrashEntry): string {
  const singular = findSection(entry.section)?.singular ?? entry.section;
  return entry.title ? `${singular} "${entry.title}"` : singular;
}

/** Brings a deleted record back from the trash, then says how it went. */
export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashEntry) =>
      restoreRevision(queryClient, { slug: entry.section, revisionId: entry.revision_id }),
    onSuccess: (_record, entry) => toast({ title: `${entryName(entry)} restored.` }),
    onError: (error, entry) =>
      toast({
        variant: 'destructive',
        title: 'Restore Failed',
        description: serverMessage(error) ?? `Could not restore ${entryName(entry)}. Please try again.`,
      }),
  });
}
