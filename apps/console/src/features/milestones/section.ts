import { Milestone } from 'lucide-react';
import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The delete confirmation and its success and failure toasts. */
const milestoneDeleteTexts = {
  confirmTitle: 'Delete Milestone',
  confirmText: (title: string) =>
    `Are you sure you want to delete the milestone: "${title}"? This action cannot be undone.`,
  success: 'Milestone deleted successfully.',
  errorTitle: 'Error Deleting Milestone',
  fallback: 'Could not delete milestone. Please try again.',
} satisfies ConfirmedDeleteTexts;

export const consoleSection = defineConsoleSection({
  slug: 'milestones',
  nav: { icon: Milestone },
  page: () => import('./milestones-page').then((m) => m.MilestonesPage),
  deleteTexts: milestoneDeleteTexts,
  empty: {
    title: 'No Milestones Added Yet',
    text: 'Add the first company or project milestone, including its date, title, and description.',
    action: { label: 'New Milestone', to: '/milestones/create' },
  },
  errorExtra: 'Please check the API connection or try again later.',
});
