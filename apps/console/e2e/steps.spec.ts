import { describeSubItemSection } from './support/sub-items.ts';

describeSubItemSection({
  slug: 'steps',
  nav: 'Steps',
  heading: 'Steps',
  emptyTitle: 'No Steps Content',
  setupName: 'Setup Process Steps Section',
  editHeader: 'Edit Steps',
  cardEdit: 'Edit Title',
  searchPlaceholder: 'Search process title or steps...',
  field: 'steps',
  itemKey: 'step',
  block: 'Process Steps',
  itemName: 'Step',
  editLabel: 'Edit Steps',
  saveLabel: 'Save Steps',
  addLabel: 'Add Step',
  placeholder: 'Enter new step',
  blank: 'Please enter a step.',
  confirmNeedsText: false,
  emptyList: 'No steps available.',
  toasts: {
    updated: 'Steps updated successfully.',
    added: 'Step added successfully.',
    deleted: 'Step deleted successfully.',
  },
  description: 'none',
});
