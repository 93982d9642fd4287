import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordDeletedResponse } from '@bursary/shared';
import { apiRequest, errorField, serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { refreshAfterRecordWrite } from '@/lib/write-refresh';
import { useDeletedToast } from './undo-delete';

export interface DeleteTexts {
  success: string;
  errorTitle: string;
  fallback: string;
  /** The FAQ delete reads the answer's error field. */
  useErrorField?: boolean;
}

/** A delete that asks first: the question's title and sentence besides the toasts. */
export interface ConfirmedDeleteTexts extends DeleteTexts {
  confirmTitle: string;
  /** The sentence, given the record's title field. */
  confirmText: (title: string) => string;
}

/** Deletes a record of the section and tells the editor how it went, offering Undo. */
export function useDeleteWithToasts(slug: string, texts: DeleteTexts) {
  const mutation = useDeleteRecord(slug);
  const deletedToast = useDeletedToast(slug);
  const remove = (id: number | string) =>
    mutation.mutate(id, {
      onSuccess: (response) => deletedToast(texts.success, response),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: texts.errorTitle,
          description: (texts.useErrorField ? errorField(error) : undefined) ?? serverMessage(error) ?? texts.fallback,
        }),
    });
  const pendingId = mutation.isPending ? mutation.variables : undefined;
  return { remove, pendingId };
}

/** DELETE /api/{slug}/{id}; the caller says what the toasts read. */
function useDeleteRecord(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | string) => apiRequest<RecordDeletedResponse | null>('DELETE', `/api/${slug}/${id}`),
    onSuccess: () => refreshAfterRecordWrite(queryClient, slug),
  });
}
