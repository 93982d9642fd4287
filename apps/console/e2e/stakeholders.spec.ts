import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'stakeholders',
  nav: 'Stakeholders',
  heading: 'Stakeholders',
  emptyTitle: 'No Stakeholder Content',
  setupName: 'Setup Stakeholders',
  editHeader: 'Edit Stakeholder Section Title/Desc',
  cardEdit: 'Edit Desc.',
  searchPlaceholder: 'Search title, description, or stakeholders...',
  field: 'stakeHolders',
  itemKey: 'stakeholder',
  block: 'Stakeholder Points',
  itemName: 'Stakeholder point',
  editLabel: 'Edit Points',
  saveLabel: 'Save Points',
  addLabel: 'Add Point',
  placeholder: 'Enter new stakeholder point',
  blank: 'Please enter a stakeholder point.',
  confirmNeedsText: true,
  emptyList: 'No stakeholder points available.',
  toasts: {
    updated: 'Stakeholders updated successfully.',
    added: 'Stakeholder added successfully.',
    deleted: 'Stakeholder deleted successfully.',
  },
  description: 'rich',
});
