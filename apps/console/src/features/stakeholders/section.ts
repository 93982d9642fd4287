import { Handshake } from 'lucide-react';
import type { SubItemTexts } from '@/features/sections/sub-items/sub-item-texts';
import { defineConsoleSection } from '@/features/sections/console-section';

/** The sub-item block's strings (SPEC.md 4.3, 5, 8.4, 8.5). */
export const stakeholderTexts: SubItemTexts = {
  blockTitle: 'Stakeholder Points', itemName: 'Stakeholder point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new stakeholder point', blankMessage: 'Please enter a stakeholder point.', confirmNeedsText: true,
  emptyList: 'No stakeholder points available.', emptyItem: 'Empty',
  updated: 'Stakeholders updated successfully.', added: 'Stakeholder added successfully.', deleted: 'Stakeholder deleted successfully.',
  updateError: { title: 'Error Updating Stakeholders', fallback: 'Could not update stakeholders. Please try again.' },
  addError: { title: 'Error Adding Stakeholder', fallback: 'Could not add stakeholder. Please try again.' },
  deleteError: { title: 'Error Deleting Stakeholder', fallback: 'Could not delete stakeholder. Please try again.' },
};

export const consoleSection = defineConsoleSection({
  slug: 'stakeholders',
  nav: { icon: Handshake },
  page: () => import('./stakeholders-page').then((m) => m.StakeholdersPage),
  subItemTexts: stakeholderTexts,
});
