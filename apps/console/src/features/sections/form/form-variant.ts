import type { FieldDef, FieldKind, Requirement, SectionDef } from '@bursary/shared';

/** How a dedicated screen words and checks one field differently from the registry. */
interface FieldVariant {
  kind?: FieldKind;
  required?: Requirement;
  help?: string;
  /** A warning rather than an error. */
  tone?: 'error' | 'warning';
  /** Only these upload types are taken; any other is refused with the message. */
  imageTypes?: { types: readonly string[]; message: string };
}

/**
 * The generic form as a dedicated create screen words it: its texts, its
 * fields, when it checks them and that leaving with unsaved input asks first.
 */
export interface FormVariant {
  /** The card's visible title: 'FAQ Details'. */
  cardTitle?: string;
  submitLabel: string;
  pendingLabel: string;
  created: string;
  failed: { title: string; fallback: string };
  fields?: Record<string, FieldVariant>;
  /** Text fields are sent trimmed. */
  trim?: boolean;
  /** When a field's message shows: after it is first left, or on every change and leave. */
  validate: 'onTouched' | 'all';
}

/**
 * A dedicated create screen's heading, card, button and toasts, all
 * worded from the one noun it creates: 'FAQ', 'Testimonial'.
 */
export function dedicatedCreateTexts(noun: string) {
  return {
    heading: `Create ${noun}`,
    cardTitle: `${noun} Details`,
    submitLabel: `Create ${noun}`,
    pendingLabel: 'Saving...',
    created: `${noun} created successfully.`,
    failed: {
      title: `Error Creating ${noun}`,
      fallback: `Could not create ${noun}. Please check the details and try again.`,
    },
  } satisfies Omit<FormVariant, 'validate'> & { heading: string };
}

/** The section with the variant's field kinds and requirements; lengths stay the registry's. */
export function sectionForVariant(section: SectionDef, variant: FormVariant | undefined): SectionDef {
  if (!variant?.fields) return section;
  const fields: Record<string, FieldDef> = {};
  for (const [name, def] of Object.entries(section.fields)) {
    const change = variant.fields[name];
    fields[name] = change ? { ...def, kind: change.kind ?? def.kind, required: change.required ?? def.required } : def;
  }
  return { ...section, fields };
}
