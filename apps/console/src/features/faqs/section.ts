import { CircleQuestionMark } from 'lucide-react';
import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The delete confirmation and its success and failure toasts. */
const faqDeleteTexts = {
  // the confirmation is kept letter for letter, with its double space after 'to'
  confirmTitle: 'Delete FAQ',
  confirmText: (title: string) =>
    `Are you sure you want to  delete the FAQ titled "${title}"? This action cannot be undone.`,
  success: 'FAQ deleted successfully.',
  errorTitle: 'Error Deleting FAQ',
  fallback: 'Could not delete FAQ. Please try again.',
  useErrorField: true,
} satisfies ConfirmedDeleteTexts;

export const consoleSection = defineConsoleSection({
  slug: 'faqs',
  nav: { icon: CircleQuestionMark, alsoActiveFor: ['/create-faq'] },
  page: () => import('./faqs-page').then((m) => m.FaqsPage),
  deleteTexts: faqDeleteTexts,
  empty: {
    title: 'No FAQs Yet',
    text: 'Add the questions applicants ask most, with their answers.',
    action: { label: 'Create First FAQ', to: '/faqs/create' },
  },
});
