import { useQueryClient } from '@tanstack/react-query';
import type { ItemDeletedResponse, RecordDeletedResponse } from '@bursary/shared';
import { type ApiResponse, serverMessage } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/lib/toast';
import { type RestoreTarget, restoreRevision } from '@/lib/revision-restore';

/**
 * What undoes a delete, from its answer (decision 011): a record's delete revision, or the
 * revision from before a sub-item's delete, restored only over the record as the delete left it
 * (its ETag) so that an Undo never writes over someone else's later change. Null when the answer
 * names none (a record older than history).
 */
function undoTargetOf(
  slug: string,
  response: ApiResponse<Partial<RecordDeletedResponse & ItemDeletedResponse> | null>,
): RestoreTarget | null {
  const { data } = response;
  if (typeof data?.revision_id === 'number') return { slug, revisionId: data.revision_id };
  if (typeof data?.undo_revision_id === 'number')
    return { slug, revisionId: data.undo_revision_id, ifMatch: response.etag };
  return null;
}

/**
 * The toast after an Undo, said in the delete toast's own words: 'FAQ deleted successfully.' →
 * 'FAQ restored successfully.', 'Content deleted successfully' → 'Content restored successfully'.
 */
export const restoredText = (deleted: string): string => deleted.replace(/\bdeleted\b/, 'restored');

export const UNDO_FAILED_TITLE = 'Undo Failed';
export const UNDO_FAILED_FALLBACK = 'Could not bring back what was deleted. Please try again.';

/**
 * The success toast of every delete: it carries an Undo action that
 * restores what was deleted and says how that went. Viewers get no Undo, as they get no Delete.
 */
export function useDeletedToast(slug: string) {
  const queryClient = useQueryClient();
  const canEdit = useCan('content:write');
  return (deleted: string, response: ApiResponse<Partial<RecordDeletedResponse & ItemDeletedResponse> | null>) => {
    const target = canEdit ? undoTargetOf(slug, response) : null;
    const undo = async (chosen: RestoreTarget) => {
      try {
        await restoreRevision(queryClient, chosen);
        toast({ title: restoredText(deleted) });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: UNDO_FAILED_TITLE,
          description: serverMessage(error) ?? UNDO_FAILED_FALLBACK,
        });
      }
    };
    toast({
      title: deleted,
      action: target ? (
        <ToastAction altText="Undo the delete" onClick={() => void undo(target)}>
          Undo
        </ToastAction>
      ) : undefined,
    });
  };
}
