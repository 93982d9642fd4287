import { defineSection } from '../section.ts';
import { richText, text, textarea } from '../fields.ts';

export const content = defineSection({
  slug: 'content',
  label: 'Content',
  singular: 'Content item',
  kind: 'collection',
  fields: {
    title: text('Title', { required: 'always' }),
    excerpt: textarea('Excerpt', { required: 'always', max: 1_000 }),
    body: richText('Body', { required: 'always' }),
  },
  titleField: 'title',
  search: ['title', 'excerpt'],
  timestamps: 'camel',
});
