import { School } from 'lucide-react';
import type { ConfirmedDeleteTexts } from '@/features/sections/delete/delete-record';
import { defineConsoleSection } from '@/features/sections/descriptor/console-section';

/** The delete confirmation and its success and failure toasts. */
const testimonialDeleteTexts = {
  confirmTitle: 'Delete Testimonial',
  confirmText: (name: string) =>
    `Are you sure you want to delete the testimonial for "${name}"? This action cannot be undone.`,
  success: 'Testimonial deleted successfully.',
  errorTitle: 'Error Deleting Testimonial',
  fallback: 'Could not delete testimonial. Please try again.',
} satisfies ConfirmedDeleteTexts;

export const consoleSection = defineConsoleSection({
  slug: 'disbursement-testimonials',
  nav: { icon: School, alsoActiveFor: ['/create-testimonial'] },
  page: () => import('./testimonials-page').then((m) => m.TestimonialsPage),
  deleteTexts: testimonialDeleteTexts,
  empty: {
    title: 'No Testimonials Yet',
    text: 'Add the universities that received disbursements, with their logos.',
    action: { label: 'New Testimonial', to: '/create-testimonial' },
  },
});
