import { Target } from 'lucide-react';
import type { SubItemTexts } from '@/features/sections/sub-items/sub-item-texts';
import { defineConsoleSection } from '@/features/sections/console-section';

/** The sub-item block's strings (SPEC.md 4.3, 5, 8.4, 8.5). */
export const missionTexts: SubItemTexts = {
  blockTitle: 'Mission Points', itemName: 'Mission point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new mission point', blankMessage: 'Please enter a mission point.', confirmNeedsText: true,
  emptyList: 'No mission points available.', emptyItem: 'Empty',
  updated: 'Mission points updated successfully.', added: 'Mission point added successfully.', deleted: 'Mission point deleted successfully.',
  updateError: { title: 'Error Updating Missions', fallback: 'Could not update mission points. Please try again.' },
  addError: { title: 'Error Adding Mission Point', fallback: 'Could not add mission point. Please try again.' },
  deleteError: { title: 'Error Deleting Mission Point', fallback: 'Could not delete mission point. Please try again.' },
};

export const consoleSection = defineConsoleSection({
  slug: 'missions',
  nav: { icon: Target },
  page: () => import('./missions-page').then((m) => m.MissionsPage),
  subItemTexts: missionTexts,
});
