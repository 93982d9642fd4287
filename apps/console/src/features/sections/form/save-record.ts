import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SectionRecord, WriteMode } from '@bursary/shared';
import { apiRequest, toRequestBody } from '@/lib/api-client';
import { type FocalPoint, setNewFocalPoints } from '@/lib/new-image-focal';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';

export interface SaveRecordInput {
  values: Record<string, unknown>;
  /** Where the record lives: undefined for a create, or a single-record section saved without an id. */
  id?: string | number;
  etag?: string | null;
  /**
   * The form showed the record's pending changes: saved live, they are its content now, so they are dropped rather
   * than left waiting with nothing new in them.
   */
  hadPending?: boolean;
  /** The focal points picked on its new images, by image field. */
  focal?: Map<string, FocalPoint>;
}

/** POST /api/{slug} (create) or PUT /api/{slug}/{id} | /api/{slug} (edit). */
export function useSaveRecord(slug: string, mode: WriteMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, id, etag, hadPending, focal = new Map() }: SaveRecordInput) => {
      const body = toRequestBody(values);
      if (mode === 'create') {
        const created = await apiRequest<SectionRecord>('POST', `/api/${slug}`, body);
        await setNewFocalPoints(created.data, focal);
        return created;
      }
      const path = id === undefined ? `/api/${slug}` : `/api/${slug}/${id}`;
      const response = await apiRequest<SectionRecord>('PUT', path, { ...body, ifMatch: etag });
      // Only 200 and 204 count as a saved edit
      if (response.status !== 200 && response.status !== 204) throw new Error('Unexpected response status');
      // the save itself is done: should the drop fail, the changes still wait and the banner offers to discard them
      if (hadPending) await apiRequest('DELETE', `${path}/changes`).catch(() => null);
      await setNewFocalPoints(response.data, focal);
      return response;
    },
    onSuccess: () => refreshAfterRecordWrite(queryClient, slug),
  });
}
