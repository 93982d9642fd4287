import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'missions', nav: 'Missions', heading: 'Missions', emptyTitle: 'No Mission Content', setupName: 'Setup Missions',
  editHeader: 'Edit Mission Title/Desc', cardEdit: 'Edit Desc.',
  field: 'missions', itemKey: 'mission', block: 'Mission Points', itemName: 'Mission point',
  editLabel: 'Edit Points', saveLabel: 'Save Points', addLabel: 'Add Point', placeholder: 'Enter new mission point',
  blank: 'Please enter a mission point.', confirmNeedsText: true, emptyList: 'No mission points available.',
  toasts: { updated: 'Mission points updated successfully.', added: 'Mission point added successfully.', deleted: 'Mission point deleted successfully.' },
  description: 'rich',
});
