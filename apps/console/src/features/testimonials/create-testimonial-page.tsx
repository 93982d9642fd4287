import { disbursementTestimonials } from '@bursary/shared';
import { dedicatedCreateTexts, DedicatedCreateScreen, type FormVariant } from '@/features/sections/form';

/** The trimmed name required, a warning while it is blank; five image types. */
const { heading, ...texts } = dedicatedCreateTexts('Testimonial');
const createTestimonial: FormVariant = {
  ...texts,
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
  return <DedicatedCreateScreen section={disbursementTestimonials} heading={heading} variant={createTestimonial} />;
}
