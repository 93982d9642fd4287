import { Quote } from 'lucide-react';
import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The delete confirmation and its success and failure toasts. */
const successStoryDeleteTexts = {
  confirmTitle: 'Delete Success Story',
  confirmText: (name: string) =>
    `Are you sure you want to delete the success story for "${name}"? This action cannot be undone.`,
  success: 'Success story deleted successfully.',
  errorTitle: 'Error Deleting Success Story',
  fallback: 'Could not delete success story. Please try again.',
} satisfies ConfirmedDeleteTexts;

export const consoleSection = defineConsoleSection({
  slug: 'success-stories',
  nav: { icon: Quote },
  page: () => import('./success-stories-page').then((m) => m.SuccessStoriesPage),
  deleteTexts: successStoryDeleteTexts,
  empty: {
    title: 'No Success Stories Added Yet',
    text: 'Share how a bursary changed a student’s path.',
    action: { label: 'Create First Success Story', to: '/success-stories/create' },
  },
  errorExtra: 'Please check the API connection or try again later.',
});
