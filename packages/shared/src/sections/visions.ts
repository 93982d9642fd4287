import { defineSection } from '../section.ts';
import { image, richText, text } from '../fields.ts';

export const visions = defineSection({
  slug: 'visions',
  label: 'Visions',
  singular: 'Vision section',
  kind: 'single',
  fields: {
    title: text('Title', { required: 'always' }),
    description: richText('Description'),
    image: image('Image'),
  },
  titleField: 'title',
  search: ['title', 'description'],
});
