import { defineSection } from '../section.ts';
import { richText, text } from '../fields.ts';

export const stakeholders = defineSection({
  slug: 'stakeholders',
  label: 'Stakeholders',
  singular: 'Stakeholders section',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: richText('Description'),
  },
  // the capital H is the API's own spelling
  subItems: { field: 'stakeHolders', itemKey: 'stakeholder', itemLabel: 'Stakeholder point', max: 1_000 },
  titleField: 'title',
  search: ['title', 'description'],
});
