import { defineSection } from '../section.ts';
import { number, text } from '../fields.ts';

export const insights = defineSection({
  slug: 'insights',
  label: 'Insights',
  singular: 'Insights section',
  kind: 'single',
  // the navigation names the item in the singular, and the mobile layout's link is spelled /insight
  aliases: ['insight'],
  fields: {
    title: text('Title'),
    first_insight_number: number('First Insight Number', { required: 'always' }),
    first_insight_text: text('First Insight Text', { required: 'always' }),
    second_insight_number: number('Second Insight Number', { required: 'always' }),
    second_insight_text: text('Second Insight Text', { required: 'always' }),
    third_insight_number: number('Third Insight Number', { required: 'always' }),
    third_insight_text: text('Third Insight Text', { required: 'always' }),
  },
  titleField: 'title',
  search: ['title', 'first_insight_text', 'second_insight_text', 'third_insight_text'],
});
