import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The content area's delete confirmation and toasts. */
const contentDeleteTexts = {
  confirmTitle: 'Are you sure?',
  confirmText: () => 'This action cannot be undone. This will permanently delete this content.',
  success: 'Content deleted successfully',
  errorTitle: 'Failed to delete content',
  fallback: 'Failed to delete content',
} satisfies ConfirmedDeleteTexts;

/** The content area is reached from the dashboard, not the navigation. */
export const consoleSection = defineConsoleSection({
  slug: 'content',
  nav: false,
  page: () => import('./content-page').then((m) => m.ContentPage),
  deleteTexts: contentDeleteTexts,
  empty: {
    title: 'No content found',
    text: 'Start by creating your first content item',
    action: { label: 'Create Content', to: '/content/create' },
  },
});
