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

/** A missing value reads 'x is required'; a value of the wrong type says what is wanted. */
const typeError = (name: string, wanted: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${wanted}`;

/** The zod schema of one field's value, as it arrives in a JSON body. */
export function valueSchema(name: string, def: FieldDef, mode: WriteMode): z.ZodType {
  const required = isRequired(def, mode);
  let schema: z.ZodType;
  switch (def.kind) {
    case 'number':
      schema = z.number({ error: typeError(name, 'a number') }).finite({ error: `${name} must be a number` });
      break;
    case 'date':
      schema = z.string({ error: typeError(name, 'a date (YYYY-MM-DD)') })
        .refine((v) => v === '' || isRealDate(v), { error: `${name} must be a date (YYYY-MM-DD)` });
      break;
    default:
      schema = z.string({ error: typeError(name, 'text') })
        .max(def.max, { error: `${name} must be at most ${def.max} characters` });
  }
  if (required) {
    const filled = def.kind === 'number'
      ? schema
      : schema.refine((v) => typeof v === 'string' && v.trim() !== '', { error: `${name} is required` });
    // on update a required field may be left out (it keeps its value) but not blanked
    return mode === 'create' ? filled : filled.optional();
  }
  return schema.nullable().optional();
}
