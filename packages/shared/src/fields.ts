import { z } from 'zod';

/** How a field is edited and stored. The console maps each kind to one input component. */
export type FieldKind = 'text' | 'textarea' | 'richtext' | 'number' | 'date' | 'image';

/**
 * When a field must be filled: on every write, on create only, on edit only, or never.
 * SPEC.md 5: success-stories wants its image on create and student_name on edit only.
 */
export type Requirement = 'always' | 'create' | 'edit' | 'never';

export interface FieldDef {
  kind: FieldKind;
  label: string;
  required: Requirement;
  /** Longest accepted value, in characters (text kinds only). */
  max: number;
}

type FieldOptions = { required?: Requirement; max?: number };

const field = (kind: FieldKind, defaultMax: number) =>
  (label: string, options: FieldOptions = {}): FieldDef => ({
    kind,
    label,
    required: options.required ?? 'never',
    max: options.max ?? defaultMax,
  });

export const text = field('text', 300);
export const textarea = field('textarea', 5_000);
/** Rich HTML; images inside it are data URLs, so the bound is generous. */
export const richText = field('richtext', 2_000_000);
export const number = field('number', 0);
/** A calendar date, YYYY-MM-DD on the wire. */
export const date = field('date', 10);
/** An uploaded image; on read, the URL of the stored media. */
export const image = field('image', 2_048);

export type Fields = Record<string, FieldDef>;

export type WriteMode = 'create' | 'update';

export function isRequired(def: FieldDef, mode: WriteMode): boolean {
  if (def.required === 'always') return true;
  return mode === 'create' ? def.required === 'create' : def.required === 'edit';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** What a refused value is told. The API's words name the field by its key; a form may use its label. */
export interface Wording {
  required: (name: string) => string;
  wanted: (name: string, what: string) => string;
  tooLong: (name: string, max: number) => string;
}

export const apiWording: Wording = {
  required: (name) => `${name} is required`,
  wanted: (name, what) => `${name} must be ${what}`,
  tooLong: (name, max) => `${name} must be at most ${max} characters`,
};

/** Rich text that shows nothing: only tags, spaces and &nbsp;, and no image. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<img\b/i.test(html);
}

/** Whether a value fills its field: rich text must show something, other text must not be blank. */
export function isFilled(def: FieldDef, value: unknown): boolean {
  if (typeof value !== 'string') return def.kind === 'number' && value !== undefined && value !== null;
  return def.kind === 'richtext' ? !isBlankHtml(value) : value.trim() !== '';
}

/**
 * The rule for one field's value, whatever the write: its type, its length and, when it is
 * required, that it is filled. A missing value reads 'x is required'; a wrong one says what is wanted.
 */
export function fieldSchema(name: string, def: FieldDef, required: boolean, say: Wording = apiWording): z.ZodType {
  const typeError = (wanted: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? say.required(name) : say.wanted(name, wanted);
  let schema: z.ZodType;
  switch (def.kind) {
    case 'number':
      schema = z.number({ error: typeError('a number') }).finite({ error: say.wanted(name, 'a number') });
      break;
    case 'date':
      schema = z.string({ error: typeError('a date (YYYY-MM-DD)') })
        .refine((v) => v === '' || isRealDate(v), { error: say.wanted(name, 'a date (YYYY-MM-DD)') });
      break;
    default:
      schema = z.string({ error: typeError('text') }).max(def.max, { error: say.tooLong(name, def.max) });
  }
  if (!required) return schema.nullable().optional();
  return def.kind === 'number' ? schema : schema.refine((v) => isFilled(def, v), { error: say.required(name) });
}

/** The zod schema of one field's value, as it arrives in a JSON body. */
export function valueSchema(name: string, def: FieldDef, mode: WriteMode): z.ZodType {
  const required = isRequired(def, mode);
  const schema = fieldSchema(name, def, required);
  // on update a required field may be left out (it keeps its value) but not blanked
  return required && mode === 'update' ? schema.optional() : schema;
}
