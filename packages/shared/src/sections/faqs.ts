import { defineSection } from '../section.ts';
import { richText, text } from '../fields.ts';

export const faqs = defineSection({
  slug: 'faqs',
  label: 'FAQs',
  singular: 'FAQ',
  kind: 'collection',
  fields: {
    title: text('Question (Title)', { required: 'always', max: 500 }),
    description: richText('Answer (Description)'),
  },
  titleField: 'title',
  search: ['title', 'description'],
});
