import { defineSection } from '../section.ts';
import { image, richText, text } from '../fields.ts';

export const heroes = defineSection({
  slug: 'heroes',
  label: 'Heroes',
  singular: 'Hero',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: richText('Description'),
    button1: text('Button 1'),
    button2: text('Button 2'),
    image: image('Image'),
  },
  titleField: 'title',
  search: ['title', 'description'],
});
