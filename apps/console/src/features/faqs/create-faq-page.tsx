import { faqs } from '@bursary/shared';
import { DedicatedCreateScreen, type FormVariant } from '@/features/sections/form';

/** SPEC.md 2.10 and 5: both fields required, the answer a plain text box. */
const createFaq: FormVariant = {
  cardTitle: 'FAQ Details',
  submitLabel: 'Create FAQ',
  pendingLabel: 'Saving...',
  created: 'FAQ created successfully.',
  failed: { title: 'Error Creating FAQ', fallback: 'Could not create FAQ. Please check the details and try again.' },
  fields: {
    description: {
      kind: 'textarea', required: 'always',
      help: 'Plain text. Basic HTML such as <p>, <strong> or <a> may be used for formatting.',
    },
  },
  trim: true,
  validate: 'onTouched',
};

export function CreateFaqPage() {
  return <DedicatedCreateScreen section={faqs} heading="Create FAQ" variant={createFaq} />;
}
