import { describe, expect, it } from 'vitest';
import { benefits, missions, stakeholders, steps } from '@bursary/shared';
import { consoleSectionOf } from '@/app/console-sections';
import type { SubItemTexts } from '@/features/sections/descriptor/sub-item-texts';

/** The four blocks' strings letter for letter, as they were written out before one generator made them. */
const expected: Record<string, SubItemTexts> = {
  benefits: {
    blockTitle: 'Benefit Points',
    itemName: 'Benefit point',
    editLabel: 'Edit Points',
    saveLabel: 'Save Points',
    addLabel: 'Add Point',
    addPlaceholder: 'Enter new benefit point',
    blankMessage: 'Please enter a benefit point.',
    confirmNeedsText: false,
    emptyList: 'No benefit points available.',
    updated: 'Benefits updated successfully.',
    added: 'Benefit added successfully.',
    deleted: 'Benefit deleted successfully.',
    updateError: { title: 'Error Updating Benefits', fallback: 'Could not update benefits. Please try again.' },
    addError: { title: 'Error Adding Benefit', fallback: 'Could not add benefit. Please try again.' },
    deleteError: { title: 'Error Deleting Benefit', fallback: 'Could not delete benefit. Please try again.' },
  },
  missions: {
    blockTitle: 'Mission Points',
    itemName: 'Mission point',
    editLabel: 'Edit Points',
    saveLabel: 'Save Points',
    addLabel: 'Add Point',
    addPlaceholder: 'Enter new mission point',
    blankMessage: 'Please enter a mission point.',
    confirmNeedsText: true,
    emptyList: 'No mission points available.',
    emptyItem: 'Empty',
    updated: 'Mission points updated successfully.',
    added: 'Mission point added successfully.',
    deleted: 'Mission point deleted successfully.',
    updateError: { title: 'Error Updating Missions', fallback: 'Could not update mission points. Please try again.' },
    addError: { title: 'Error Adding Mission Point', fallback: 'Could not add mission point. Please try again.' },
    deleteError: {
      title: 'Error Deleting Mission Point',
      fallback: 'Could not delete mission point. Please try again.',
    },
  },
  stakeholders: {
    blockTitle: 'Stakeholder Points',
    itemName: 'Stakeholder point',
    editLabel: 'Edit Points',
    saveLabel: 'Save Points',
    addLabel: 'Add Point',
    addPlaceholder: 'Enter new stakeholder point',
    blankMessage: 'Please enter a stakeholder point.',
    confirmNeedsText: true,
    emptyList: 'No stakeholder points available.',
    emptyItem: 'Empty',
    updated: 'Stakeholders updated successfully.',
    added: 'Stakeholder added successfully.',
    deleted: 'Stakeholder deleted successfully.',
    updateError: { title: 'Error Updating Stakeholders', fallback: 'Could not update stakeholders. Please try again.' },
    addError: { title: 'Error Adding Stakeholder', fallback: 'Could not add stakeholder. Please try again.' },
    deleteError: { title: 'Error Deleting Stakeholder', fallback: 'Could not delete stakeholder. Please try again.' },
  },
  steps: {
    blockTitle: 'Process Steps',
    itemName: 'Step',
    editLabel: 'Edit Steps',
    saveLabel: 'Save Steps',
    addLabel: 'Add Step',
    addPlaceholder: 'Enter new step',
    blankMessage: 'Please enter a step.',
    confirmNeedsText: false,
    emptyList: 'No steps available.',
    updated: 'Steps updated successfully.',
    added: 'Step added successfully.',
    deleted: 'Step deleted successfully.',
    updateError: { title: 'Error Updating Steps', fallback: 'Could not update steps. Please try again.' },
    addError: { title: 'Error Adding Step', fallback: 'Could not add step. Please try again.' },
    deleteError: { title: 'Error Deleting Step', fallback: 'Could not delete step. Please try again.' },
  },
};

describe('sub-item texts', () => {
  it.each([benefits, missions, stakeholders, steps])('generates every string of the $label block', (section) => {
    expect(consoleSectionOf(section.slug).subItemTexts).toEqual(expected[section.slug]);
  });
});
