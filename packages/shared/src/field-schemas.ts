import { z } from 'zod';
import {
  type FieldDef,
  isRequired,
  lengthBesidesPastedImages,
  RICH_TEXT_SENT_MAX,
  SHOWS_SOMETHING,
  type WriteMode,
} from './fields.ts';

// The zod rules live apart from the field builders, so that a screen reading only the registry
// (the console's route table) does not carry zod with it.

/** Some character that is not white space: what String.prototype.trim() leaves of a filled value. */
const NOT_BLANK = /\S/;
/** PostgreSQL text cannot hold NUL; the server refuses it on both databases. */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
const NO_NUL = /^[^\u0000]*$/;

/** What a refused value is told. The API's words name the field by its key; a form may use its label. */
export interface Wording {
  required: (name: string) => string;
  wanted: (name: string, what: string) => string;
  tooLong: (name: string, max: number) => string;
  /** Rich text whose pasted images make it longer than one write carries. */
  tooManyPastedImages: (name: string, max: number) => string;
}

export const apiWording: Wording = {
  required: (name) => `${name} is required`,
  wanted: (name, what) => `${name} must be ${what}`,
  tooLong: (name, max) => `${name} must be at most ${max} characters`,
  tooManyPastedImages: (name, max) =>
    `${name} must be at most ${max} characters with its pasted images; send fewer images in one write`,
};

/**
 * A text value's length: rich text up to its `max` besides pasted images (a refinement: the API
 * description says only the bound with them) and up to RICH_TEXT_SENT_MAX with them.
 */
function boundedText(string: z.ZodString, name: string, def: FieldDef, say: Wording): z.ZodString {
  if (def.kind !== 'richtext') return string.max(def.max, { error: say.tooLong(name, def.max) });
  return string
    .max(RICH_TEXT_SENT_MAX, { error: say.tooManyPastedImages(name, RICH_TEXT_SENT_MAX), abort: true })
    .refine((html) => lengthBesidesPastedImages(html) <= def.max, { error: say.tooLong(name, def.max) });
}

/**
 * The rule for one field's value, whatever the write: its type, its length and, when it is
 * required, that it is filled. A missing value reads 'x is required'; a wrong one says what is wanted.
 */
export function fieldSchema(name: string, def: FieldDef, required: boolean, say: Wording = apiWording): z.ZodType {
  const typeError = (wanted: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? say.required(name) : say.wanted(name, wanted);
  // patterns rather than refinements, so that the API description carries the same rules
  let schema: z.ZodType;
  switch (def.kind) {
    case 'number':
      schema = z.number({ error: typeError('a number') }).finite({ error: say.wanted(name, 'a number') });
      break;
    case 'date': {
      // a real calendar date (zod's ISO date knows month lengths and leap years); '' clears an optional one
      const wanted = (issue: { input?: unknown }) =>
        required && issue.input === '' ? say.required(name) : typeError('a date (YYYY-MM-DD)')(issue);
      const isoDate = z.iso.date({ error: wanted });
      schema = required ? isoDate : z.union([isoDate, z.literal('')], { error: wanted });
      break;
    }
    default: {
      const text = boundedText(z.string({ error: typeError('text') }), name, def, say).regex(NO_NUL, {
        error: `${name} contains a NUL character, which cannot be stored`,
      });
      schema = !required
        ? text
        : text.regex(def.kind === 'richtext' ? SHOWS_SOMETHING : NOT_BLANK, { error: say.required(name) });
    }
  }
  return required ? schema : schema.nullable().optional();
}

/** The zod schema of one field's value, as it arrives in a JSON body. */
export function valueSchema(name: string, def: FieldDef, mode: WriteMode): z.ZodType {
  const required = isRequired(def, mode);
  const schema = fieldSchema(name, def, required);
  // on update a required field may be left out (it keeps its value) but not blanked
  return required && mode === 'update' ? schema.optional() : schema;
}
