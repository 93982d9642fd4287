import { defineSection } from '../section.ts';
import { image, text } from '../fields.ts';

export const disbursementTestimonials = defineSection({
  slug: 'disbursement-testimonials',
  label: 'Disbursement Testimonials',
  singular: 'Testimonial',
  kind: 'collection',
  fields: {
    university_name: text('University Name', { required: 'always', shared: true }),
    image: image('University Logo / Image'),
  },
  titleField: 'university_name',
  search: ['university_name'],
  imagePolicy: 'testimonial',
});
