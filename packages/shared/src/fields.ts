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

/** Some character that is not white space: what String.prototype.trim() leaves of a filled value. */
const NOT_BLANK = /\S/;
/** PostgreSQL text cannot hold NUL; the server refuses it on both databases. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const NO_NUL = /^[^\u0000]*$/;

/** A missing value reads 'x is required'; a value of the wrong type says what is wanted. */
const typeError = (name: string, wanted: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${wanted}`;

/** The zod schema of one field's value, as it arrives in a JSON body. */
export function valueSchema(name: string, def: FieldDef, mode: WriteMode): z.ZodType {
  const required = isRequired(def, mode);
  // patterns rather than refinements, so the API description carries the same rules (issue 11 point 10)
  let schema: z.ZodType;
  switch (def.kind) {
    case 'number':
      schema = z.number({ error: typeError(name, 'a number') }).finite({ error: `${name} must be a number` });
      break;
    case 'date': {
      // a real calendar date (zod's ISO date knows month lengths and leap years); '' clears an optional one
      const wanted = (issue: { input?: unknown }) =>
        (required && issue.input === '' ? `${name} is required` : typeError(name, 'a date (YYYY-MM-DD)')(issue));
      const isoDate = z.iso.date({ error: wanted });
      schema = required ? isoDate : z.union([isoDate, z.literal('')], { error: wanted });
      break;
    }
    default: {
      const textSchema = z.string({ error: typeError(name, 'text') })
        .max(def.max, { error: `${name} must be at most ${def.max} characters` })
        .regex(NO_NUL, { error: `${name} contains a NUL character, which cannot be stored` });
      schema = required ? textSchema.regex(NOT_BLANK, { error: `${name} is required` }) : textSchema;
    }
  }
  // on update a required field may be left out (it keeps its value) but not blanked
  if (required) return mode === 'create' ? schema : schema.optional();
  return schema.nullable().optional();
}
