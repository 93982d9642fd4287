import { defineSection } from '../section.ts';
import { text, textarea } from '../fields.ts';

export const benefits = defineSection({
  slug: 'benefits',
  label: 'Benefits',
  singular: 'Benefits section',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: textarea('Description'),
  },
  subItems: { field: 'benefits', itemKey: 'benefit', itemLabel: 'Benefit point', max: 1_000 },
  titleField: 'title',
  search: ['title', 'description'],
});
