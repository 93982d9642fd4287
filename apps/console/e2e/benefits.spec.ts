import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'benefits', nav: 'Benefits', heading: 'Benefits', emptyTitle: 'No Benefit Content', setupName: 'Setup Benefits',
  editHeader: 'Edit Benefit Section Title/Desc', cardEdit: 'Edit Desc.',
  field: 'benefits', itemKey: 'benefit', block: 'Benefit Points', itemName: 'Benefit point',
  editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point', placeholder: 'Enter new benefit point',
  blank: 'Please enter a benefit point.', confirmNeedsText: false, emptyList: 'No benefit points available.',
  toasts: { updated: 'Benefits updated successfully.', added: 'Benefit added successfully.', deleted: 'Benefit deleted successfully.' },
  description: 'plain',
});
