import type { FieldErrors, Resolver } from 'react-hook-form';
import { type FieldDef, isRequired, type SectionDef, type SectionRecord, type WriteMode } from '@bursary/shared';

/** Form values: text for every kind but image, which holds a newly picked file or nothing. */
export type FormValues = Record<string, string | File | null>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The form's starting values: the record's, or blanks for a new one. */
export function initialValues(section: SectionDef, record: SectionRecord | null): FormValues {
  const values: FormValues = {};
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind === 'image') values[name] = null;
    else if (def.kind === 'date') values[name] = asText(record?.[name]).slice(0, 10);
    else values[name] = asText(record?.[name]);
  }
  return values;
}

const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<img\b/i.test(html);

/** The message for one field's value, or null when it is fine (SPEC.md 5 'Generic forms'). */
export function fieldError(def: FieldDef, value: string | File | null, required: boolean): string | null {
  if (def.kind === 'image') return required && !(value instanceof File) ? `${def.label} is required.` : null;
  const text = typeof value === 'string' ? value : '';
  const blank = def.kind === 'richtext' ? isBlankHtml(text) : text.trim() === '';
  if (blank) return required ? `${def.label} is required.` : null;
  if (def.kind === 'number' && !Number.isFinite(Number(text))) return `${def.label} must be a number.`;
  if (def.kind === 'date' && !DATE.test(text)) return `${def.label} must be a date (YYYY-MM-DD).`;
  if ((def.kind === 'text' || def.kind === 'textarea') && text.length > def.max) {
    return `${def.label} must be at most ${def.max} characters.`;
  }
  return null;
}

/** A react-hook-form resolver checking every field of the section against its registry entry. */
export function sectionResolver(section: SectionDef, mode: WriteMode): Resolver<FormValues> {
  return (values) => {
    const errors: FieldErrors<FormValues> = {};
    for (const [name, def] of Object.entries(section.fields)) {
      const message = fieldError(def, values[name] ?? null, isRequired(def, mode));
      if (message) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The body of a save: text as typed, numbers as numbers, blank optional numbers and dates as
 * null. An image is sent only when a new file was picked; left out, the stored one is kept.
 */
export function toPayload(section: SectionDef, values: FormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(section.fields)) {
    const value = values[name] ?? null;
    if (def.kind === 'image') {
      if (value instanceof File) payload[name] = value;
    } else if (def.kind === 'number' || def.kind === 'date') {
      const text = typeof value === 'string' ? value.trim() : '';
      payload[name] = text === '' ? null : def.kind === 'number' ? Number(text) : text;
    } else {
      payload[name] = typeof value === 'string' ? value : '';
    }
  }
  return payload;
}
