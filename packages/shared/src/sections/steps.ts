import { defineSection } from '../section.ts';
import { text } from '../fields.ts';

export const steps = defineSection({
  slug: 'steps',
  label: 'Steps',
  singular: 'Steps section',
  kind: 'single',
  fields: { title: text('Title', { required: 'always' }) },
  subItems: { field: 'steps', itemKey: 'step', itemLabel: 'Step', max: 1_000 },
  titleField: 'title',
  search: ['title'],
});
