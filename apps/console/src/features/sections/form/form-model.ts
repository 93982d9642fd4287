import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type FieldDef,
  fieldSchema,
  isRequired,
  type SectionDef,
  type SectionRecord,
  type Wording,
  type WriteMode,
} from '@bursary/shared';
import { MEDIA_ALT_MAX_LENGTH } from '@bursary/shared/media';
import { ALT_TEXT_LABEL, altFieldOf } from '@/components/fields/alt-text-input';
import { newFocalPoints } from '@/lib/new-image-focal';

/**
 * Form values: text for every kind but image, which holds a newly picked file or nothing; beside each image field
 * `F`, its alternative text as `F_alt`.
 */
export type FormValues = Record<string, string | File | null>;

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The form's starting values: the record's, or blanks for a new one. */
export function initialValues(section: SectionDef, record: SectionRecord | null): FormValues {
  const values: FormValues = {};
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind === 'image') {
      values[name] = null;
      values[altFieldOf(name)] = asText(record?.[altFieldOf(name)]);
    } else if (def.kind === 'date') values[name] = asText(record?.[name]).slice(0, 10);
    else values[name] = asText(record?.[name]);
  }
  return values;
}

/** The generic forms' shared rules, told by the field's label as a sentence. */
const formWording: Wording = {
  required: (label) => `${label} is required.`,
  wanted: (label, what) => `${label} must be ${what}.`,
  tooLong: (label, max) => `${label} must be at most ${max} characters.`,
  tooManyPastedImages: (label) => `${label} holds more pasted images than one save can carry. Save fewer at a time.`,
};

/**
 * A form value as the shared schema reads it: numbers as numbers, a blank number or date as
 * missing, a picked image as its name (the file itself is checked by type on the server).
 */
export function checkedValue(def: FieldDef, value: string | File | null): unknown {
  if (def.kind === 'image') return value instanceof File ? value.name : undefined;
  const text = typeof value === 'string' ? value : '';
  if (def.kind !== 'number' && def.kind !== 'date') return text;
  if (text.trim() === '') return undefined;
  return def.kind === 'number' ? Number(text) : text;
}

/** The section's image fields, each with its alternative text beside it in a form. */
export const imageFields = (section: SectionDef) =>
  Object.entries(section.fields)
    .filter(([, def]) => def.kind === 'image')
    .map(([name]) => name);

/** The focal points picked on the new images of a save, set on them once it has stored them. */
export const pickedFocalPoints = (section: SectionDef, values: FormValues) =>
  newFocalPoints(imageFields(section), values);

/**
 * A react-hook-form resolver checking every field with the shared schema the server checks the
 * body with (`fieldSchema`), so that the form and the API cannot disagree. Every field shown is
 * written, so a field required in this mode must be filled.
 */
export function sectionResolver(section: SectionDef, mode: WriteMode): Resolver<FormValues> {
  const rules = Object.entries(section.fields).map(([name, def]) => ({
    name,
    def,
    schema: fieldSchema(def.label, def, isRequired(def, mode), formWording),
  }));
  return (values) => {
    const errors: FieldErrors<FormValues> = {};
    for (const { name, def, schema } of rules) {
      const result = schema.safeParse(checkedValue(def, values[name] ?? null));
      if (!result.success)
        errors[name] = {
          type: 'validate',
          message: result.error.issues[0]?.message ?? formWording.required(def.label),
        };
    }
    for (const name of imageFields(section)) {
      const alt = values[altFieldOf(name)];
      if (typeof alt === 'string' && alt.trim().length > MEDIA_ALT_MAX_LENGTH)
        errors[altFieldOf(name)] = {
          type: 'validate',
          message: formWording.tooLong(ALT_TEXT_LABEL, MEDIA_ALT_MAX_LENGTH),
        };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The body of a save: text as typed, numbers as numbers, blank optional numbers and dates as
 * null. An image is sent only when a new file was picked; left out, the stored one is kept.
 */
export function toPayload(section: SectionDef, values: FormValues, { trim = false } = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(section.fields)) {
    const value = values[name] ?? null;
    if (def.kind === 'image') {
      if (value instanceof File) payload[name] = value;
    } else if (def.kind === 'number' || def.kind === 'date') {
      const text = typeof value === 'string' ? value.trim() : '';
      payload[name] = text === '' ? null : def.kind === 'number' ? Number(text) : text;
    } else {
      const text = typeof value === 'string' ? value : '';
      payload[name] = trim ? text.trim() : text;
    }
  }
  return payload;
}

/**
 * The alternative texts a save sends, as `F_alt` beside image field `F`: a picked image's text, when there is one (a
 * blank one leaves what the library may already hold for that image); a stored image's text, when it was changed.
 * Untouched, nothing is sent, so a text changed meanwhile in the media library is not put back. A field with no image
 * at all sends none: there is nothing to describe.
 */
export function altTexts(
  section: SectionDef,
  values: FormValues,
  { started, hasStoredImage }: { started: Readonly<Partial<FormValues>>; hasStoredImage: (name: string) => boolean },
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const name of imageFields(section)) {
    const alt = altFieldOf(name);
    const text = asText(values[alt]).trim();
    const send =
      values[name] instanceof File ? text !== '' : hasStoredImage(name) && text !== asText(started[alt]).trim();
    if (send) texts[alt] = text;
  }
  return texts;
}
