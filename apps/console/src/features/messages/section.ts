import { Mail } from 'lucide-react';
import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The delete confirmation and its success and failure toasts. */
const messageDeleteTexts = {
  confirmTitle: 'Delete Message',
  confirmText: (sender: string) =>
    `Are you sure you want to delete the message from "${sender}"? This action cannot be undone.`,
  success: 'Message deleted successfully.',
  errorTitle: 'Error Deleting Message',
  fallback: 'Could not delete message. Please try again.',
} satisfies ConfirmedDeleteTexts;

export const consoleSection = defineConsoleSection({
  slug: 'messages',
  nav: { icon: Mail },
  page: () => import('./messages-page').then((m) => m.MessagesPage),
  deleteTexts: messageDeleteTexts,
  empty: {
    title: 'No Messages Yet',
    text: 'Messages you create appear here.',
    action: { label: 'Create First Message', to: '/messages/create' },
  },
});
