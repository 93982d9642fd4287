import { defineSection } from '../section.ts';
import { date, text, textarea } from '../fields.ts';

export const milestones = defineSection({
  slug: 'milestones',
  label: 'Milestones',
  singular: 'Milestone',
  kind: 'collection',
  fields: {
    title: text('Title', { required: 'always' }),
    date: date('Date', { required: 'always' }),
    description: textarea('Description', { required: 'always' }),
  },
  titleField: 'title',
  search: ['title', 'description', 'date'],
});
