import { disbursementTestimonials } from '@bursary/shared';
import { DedicatedCreateScreen, type FormVariant } from '@/features/sections/form';

/** SPEC.md 2.9, 5 and 9: the trimmed name required, a warning while it is blank; five image types. */
const createTestimonial: FormVariant = {
  cardTitle: 'Testimonial Details',
  submitLabel: 'Create Testimonial',
  pendingLabel: 'Saving...',
  created: 'Testimonial created successfully.',
  failed: { title: 'Error Creating Testimonial', fallback: 'Could not create Testimonial. Please check the details and try again.' },
  fields: {
    university_name: { tone: 'warning' },
    image: {
      imageTypes: {
        types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
        message: 'Please choose a PNG, JPEG, GIF, WebP or SVG image.',
      },
    },
  },
  trim: true,
  validate: 'all',
};

export function CreateTestimonialPage() {
  return <DedicatedCreateScreen section={disbursementTestimonials} heading="Create Testimonial" variant={createTestimonial} />;
}
