import { defineSection } from '../section.ts';
import { richText, text } from '../fields.ts';

export const missions = defineSection({
  slug: 'missions',
  label: 'Missions',
  singular: 'Mission section',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: richText('Description'),
  },
  subItems: { field: 'missions', itemKey: 'mission', itemLabel: 'Mission point', max: 1_000 },
  titleField: 'title',
  search: ['title', 'description'],
});
