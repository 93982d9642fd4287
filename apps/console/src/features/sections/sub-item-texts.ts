/** Every string a sub-item editor shows (SPEC.md 2.13, 2.15, 2.18, 2.20, 5, 8.4, 8.5). */
export interface SubItemTexts {
  blockTitle: string;
  /** One item's name, for input labels: 'Step 2', 'Mission point 3'. */
  itemName: string;
  editLabel: string;
  saveLabel: string;
  addLabel: string;
  addPlaceholder: string;
  blankMessage: string;
  /** SPEC.md 5: for mission and stakeholder points, Confirm is disabled while the text is blank. */
  confirmNeedsText: boolean;
  emptyList: string;
  /** What an item with no text reads in view mode. */
  emptyItem?: string;
  updated: string;
  added: string;
  deleted: string;
  updateError: { title: string; fallback: string };
  addError: { title: string; fallback: string };
  deleteError: { title: string; fallback: string };
}

export const stepTexts: SubItemTexts = {
  blockTitle: 'Process Steps', itemName: 'Step', editLabel: 'Edit Steps', saveLabel: 'Save Steps', addLabel: 'Add Step',
  addPlaceholder: 'Enter new step', blankMessage: 'Please enter a step.', confirmNeedsText: false,
  emptyList: 'No steps available.',
  updated: 'Steps updated successfully.', added: 'Step added successfully.', deleted: 'Step deleted successfully.',
  updateError: { title: 'Error Updating Steps', fallback: 'Could not update steps. Please try again.' },
  addError: { title: 'Error Adding Step', fallback: 'Could not add step. Please try again.' },
  deleteError: { title: 'Error Deleting Step', fallback: 'Could not delete step. Please try again.' },
};

export const benefitTexts: SubItemTexts = {
  blockTitle: 'Benefit Points', itemName: 'Benefit point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new benefit point', blankMessage: 'Please enter a benefit point.', confirmNeedsText: false,
  emptyList: 'No benefit points available.',
  updated: 'Benefits updated successfully.', added: 'Benefit added successfully.', deleted: 'Benefit deleted successfully.',
  updateError: { title: 'Error Updating Benefits', fallback: 'Could not update benefits. Please try again.' },
  addError: { title: 'Error Adding Benefit', fallback: 'Could not add benefit. Please try again.' },
  deleteError: { title: 'Error Deleting Benefit', fallback: 'Could not delete benefit. Please try again.' },
};

export const missionTexts: SubItemTexts = {
  blockTitle: 'Mission Points', itemName: 'Mission point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new mission point', blankMessage: 'Please enter a mission point.', confirmNeedsText: true,
  emptyList: 'No mission points available.', emptyItem: 'Empty',
  updated: 'Mission points updated successfully.', added: 'Mission point added successfully.', deleted: 'Mission point deleted successfully.',
  updateError: { title: 'Error Updating Missions', fallback: 'Could not update mission points. Please try again.' },
  addError: { title: 'Error Adding Mission Point', fallback: 'Could not add mission point. Please try again.' },
  deleteError: { title: 'Error Deleting Mission Point', fallback: 'Could not delete mission point. Please try again.' },
};

export const stakeholderTexts: SubItemTexts = {
  blockTitle: 'Stakeholder Points', itemName: 'Stakeholder point', editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point',
  addPlaceholder: 'Enter new stakeholder point', blankMessage: 'Please enter a stakeholder point.', confirmNeedsText: true,
  emptyList: 'No stakeholder points available.', emptyItem: 'Empty',
  updated: 'Stakeholders updated successfully.', added: 'Stakeholder added successfully.', deleted: 'Stakeholder deleted successfully.',
  updateError: { title: 'Error Updating Stakeholders', fallback: 'Could not update stakeholders. Please try again.' },
  addError: { title: 'Error Adding Stakeholder', fallback: 'Could not add stakeholder. Please try again.' },
  deleteError: { title: 'Error Deleting Stakeholder', fallback: 'Could not delete stakeholder. Please try again.' },
};
