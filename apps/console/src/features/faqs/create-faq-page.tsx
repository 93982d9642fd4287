import { faqs } from '@bursary/shared';
import { dedicatedCreateTexts, DedicatedCreateScreen, type FormVariant } from '@/features/sections/form';

/** Both fields required, the answer a plain text box. */
const { heading, ...texts } = dedicatedCreateTexts('FAQ');
const createFaq: FormVariant = {
  ...texts,
  fields: {
    description: {
      kind: 'textarea',
      required: 'always',
      help: 'Plain text. Basic HTML such as <p>, <strong> or <a> may be used for formatting.',
    },
  },
  trim: true,
  validate: 'onTouched',
};

export function CreateFaqPage() {
  return <DedicatedCreateScreen section={faqs} heading={heading} variant={createFaq} />;
}
