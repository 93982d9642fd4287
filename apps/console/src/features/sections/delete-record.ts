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

/** A delete that asks first (SPEC.md 4.5): the question's title and sentence besides the toasts. */
export interface ConfirmedDeleteTexts extends DeleteTexts {
  confirmTitle: string;
  /** The sentence, given the record's title field. */
  confirmText: (title: string) => string;
}

/** SPEC.md 4.5 and 8.4–8.5 delete texts of the collections with confirmations. */
export const deleteTexts = {
  faqs: {
    // SPEC.md 4.5, with its double space after 'to'
    confirmTitle: 'Delete FAQ', confirmText: (title: string) => `Are you sure you want to  delete the FAQ titled "${title}"? This action cannot be undone.`,
    success: 'FAQ deleted successfully.', errorTitle: 'Error Deleting FAQ', fallback: 'Could not delete FAQ. Please try again.', useErrorField: true,
  },
  'success-stories': {
    confirmTitle: 'Delete Success Story', confirmText: (name: string) => `Are you sure you want to delete the success story for "${name}"? This action cannot be undone.`,
    success: 'Success story deleted successfully.', errorTitle: 'Error Deleting Success Story', fallback: 'Could not delete success story. Please try again.',
  },
  milestones: {
    confirmTitle: 'Delete Milestone', confirmText: (title: string) => `Are you sure you want to delete the milestone: "${title}"? This action cannot be undone.`,
    success: 'Milestone deleted successfully.', errorTitle: 'Error Deleting Milestone', fallback: 'Could not delete milestone. Please try again.',
  },
  'disbursement-testimonials': {
    confirmTitle: 'Delete Testimonial', confirmText: (name: string) => `Are you sure you want to delete the testimonial for "${name}"? This action cannot be undone.`,
    success: 'Testimonial deleted successfully.', errorTitle: 'Error Deleting Testimonial', fallback: 'Could not delete testimonial. Please try again.',
  },
  messages: { success: 'Message deleted successfully.', errorTitle: 'Error Deleting Message', fallback: 'Could not delete message. Please try again.' },
} satisfies Record<string, DeleteTexts | ConfirmedDeleteTexts>;

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
