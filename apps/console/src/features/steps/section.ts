import { ListOrdered } from 'lucide-react';
import type { SubItemTexts } from '@/features/sections/sub-items/sub-item-texts';
import { defineConsoleSection } from '@/features/sections/console-section';

/** The sub-item block's strings (SPEC.md 4.3, 5, 8.4, 8.5). */
export const stepTexts: SubItemTexts = {
  blockTitle: 'Process Steps', itemName: 'Step', editLabel: 'Edit Steps', saveLabel: 'Save Steps', addLabel: 'Add Step',
  addPlaceholder: 'Enter new step', blankMessage: 'Please enter a step.', confirmNeedsText: false,
  emptyList: 'No steps available.',
  updated: 'Steps updated successfully.', added: 'Step added successfully.', deleted: 'Step deleted successfully.',
  updateError: { title: 'Error Updating Steps', fallback: 'Could not update steps. Please try again.' },
  addError: { title: 'Error Adding Step', fallback: 'Could not add step. Please try again.' },
  deleteError: { title: 'Error Deleting Step', fallback: 'Could not delete step. Please try again.' },
};

export const consoleSection = defineConsoleSection({
  slug: 'steps',
  nav: { icon: ListOrdered },
  page: () => import('./steps-page').then((m) => m.StepsPage),
  subItemTexts: stepTexts,
});
