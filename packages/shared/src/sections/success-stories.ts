import { defineSection } from '../section.ts';
import { date, image, richText, text } from '../fields.ts';

export const successStories = defineSection({
  slug: 'success-stories',
  label: 'Success Stories',
  singular: 'Success story',
  kind: 'collection',
  fields: {
    student_name: text('Student Name', { required: 'update', shared: true }),
    student_school: text('Student School', { shared: true }),
    date: date('Date', { required: 'always' }),
    source: text('Source', { shared: true }),
    story: richText('Story'),
    image: image('Image', { required: 'create' }),
  },
  titleField: 'student_name',
  search: ['student_name', 'student_school', 'story', 'source', 'date'],
});
