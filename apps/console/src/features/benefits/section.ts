import { Gift } from 'lucide-react';
import type { SubItemTexts } from '@/features/sections/sub-items/sub-item-texts';
import { defineConsoleSection } from '@/features/sections/console-section';

/** The sub-item block's strings (SPEC.md 4.3, 5, 8.4, 8.5). */
export const benefitTexts: SubItemTexts = {
  blockTitle: 'Benefit Points', itemName: 'Benefit point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new benefit point', blankMessage: 'Please enter a benefit point.', confirmNeedsText: false,
  emptyList: 'No benefit points available.',
  updated: 'Benefits updated successfully.', added: 'Benefit added successfully.', deleted: 'Benefit deleted successfully.',
  updateError: { title: 'Error Updating Benefits', fallback: 'Could not update benefits. Please try again.' },
  addError: { title: 'Error Adding Benefit', fallback: 'Could not add benefit. Please try again.' },
  deleteError: { title: 'Error Deleting Benefit', fallback: 'Could not delete benefit. Please try again.' },
};

export const consoleSection = defineConsoleSection({
  slug: 'benefits',
  nav: { icon: Gift },
  page: () => import('./benefits-page').then((m) => m.BenefitsPage),
  subItemTexts: benefitTexts,
});
