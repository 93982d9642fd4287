import { z } from 'zod';
import { type FieldDef, isFilled, isRequired, type WriteMode } from './fields.ts';

// The zod rules live apart from the field builders, so that a screen reading only the registry
// (the console's route table) does not carry zod with it.

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
