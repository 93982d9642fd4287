import { defineSection } from '../section.ts';
import { image, richText, text } from '../fields.ts';

export const aboutHeroes = defineSection({
  slug: 'about-heroes',
  label: 'About Heroes',
  singular: 'About section',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: richText('Description'),
    image: image('Image'),
  },
  titleField: 'title',
  search: ['title', 'description'],
});
