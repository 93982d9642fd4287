import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemDeletedResponse, SectionDef, SubItems } from '@bursary/shared';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { sectionListQuery, type SectionList } from '@/lib/section-api';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import type { SubItemTexts } from '../descriptor/sub-item-texts';
import { useDeletedToast } from '../delete/undo-delete';

export interface EditedItem {
  id: number;
  text: string;
}

function failure(error: unknown, texts: { title: string; fallback: string }) {
  toast({ variant: 'destructive', title: texts.title, description: serverMessage(error) ?? texts.fallback });
}

/**
 * The three sub-item writes: add, edit (the whole list) and delete. Each sends the parent record's
 * ETag as If-Match, so a stale write is refused with 412, keeps the ETag the answer carries, and
 * refreshes the section.
 */
export function useSubItemMutations(section: SectionDef, sub: SubItems, texts: SubItemTexts) {
  const queryClient = useQueryClient();
  const deletedToast = useDeletedToast(section.slug);
  const listKey = sectionListQuery(section.slug).queryKey;
  const currentEtag = () => queryClient.getQueryData<SectionList>(listKey)?.etag ?? null;
  const afterWrite = async (etag: string | null) => {
    if (etag) queryClient.setQueryData<SectionList>(listKey, (old) => (old ? { ...old, etag } : old));
    await refreshAfterRecordWrite(queryClient, section.slug);
  };

  const saveAll = useMutation({
    mutationFn: (items: EditedItem[]) =>
      apiRequest('PUT', `/api/${section.slug}/sub-edit/`, {
        json: { [sub.field]: items.map((item) => ({ id: item.id, [sub.itemKey]: item.text })) },
        ifMatch: currentEtag(),
      }),
    onSuccess: async ({ etag }) => {
      toast({ title: texts.updated });
      await afterWrite(etag);
    },
    onError: (error) => failure(error, texts.updateError),
  });

  const add = useMutation({
    mutationFn: (text: string) =>
      apiRequest('POST', `/api/${section.slug}/sub`, { json: { [sub.itemKey]: text }, ifMatch: currentEtag() }),
    onSuccess: async ({ etag }) => {
      toast({ title: texts.added });
      await afterWrite(etag);
    },
    onError: (error) => failure(error, texts.addError),
  });

  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest<ItemDeletedResponse | null>('DELETE', `/api/${section.slug}/sub/${id}`, { ifMatch: currentEtag() }),
    onSuccess: async (response) => {
      deletedToast(texts.deleted, response);
      await afterWrite(response.etag);
    },
    onError: (error) => failure(error, texts.deleteError),
  });

  return { saveAll, add, remove };
}
