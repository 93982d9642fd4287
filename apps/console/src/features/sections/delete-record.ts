import { errorField, serverMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { useDeleteRecord } from './mutations';

export interface DeleteTexts {
  success: string;
  errorTitle: string;
  fallback: string;
  /** SPEC.md 8.4: the FAQ delete reads the answer's error field. */
  useErrorField?: boolean;
}

/** SPEC.md 8.4–8.5 delete texts of the four collections with confirmations. */
export const deleteTexts = {
  faqs: { success: 'FAQ deleted successfully.', errorTitle: 'Error Deleting FAQ', fallback: 'Could not delete FAQ. Please try again.', useErrorField: true },
  'success-stories': { success: 'Success story deleted successfully.', errorTitle: 'Error Deleting Success Story', fallback: 'Could not delete success story. Please try again.' },
  milestones: { success: 'Milestone deleted successfully.', errorTitle: 'Error Deleting Milestone', fallback: 'Could not delete milestone. Please try again.' },
  'disbursement-testimonials': { success: 'Testimonial deleted successfully.', errorTitle: 'Error Deleting Testimonial', fallback: 'Could not delete testimonial. Please try again.' },
  messages: { success: 'Message deleted successfully.', errorTitle: 'Error Deleting Message', fallback: 'Could not delete message. Please try again.' },
} satisfies Record<string, DeleteTexts>;

/** Deletes a record of the section and tells the editor how it went. */
export function useDeleteWithToasts(slug: string, texts: DeleteTexts) {
  const mutation = useDeleteRecord(slug);
  const remove = (id: number | string) =>
    mutation.mutate(id, {
      onSuccess: () => toast({ title: texts.success }),
      onError: (error) => toast({
        variant: 'destructive',
        title: texts.errorTitle,
        description: (texts.useErrorField ? errorField(error) : undefined) ?? serverMessage(error) ?? texts.fallback,
      }),
    });
  const pendingId = mutation.isPending ? mutation.variables : undefined;
  return { remove, pendingId };
}
