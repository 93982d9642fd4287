import { z } from 'zod';
import { BLANK_HTML, SHOWS_SOMETHING } from '@bursary/shared';
import type { Json } from './api-doc.ts';

/**
 * A zod schema as JSON Schema (OpenAPI 3.1 uses draft 2020-12): lengths, non-blank and NUL-free
 * patterns and ISO dates come from the schema the route validates with, not from a copy.
 */
export function schemaOf(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return negatedBlankHtml(rest);
}

/**
 * "Rich text that shows something" is a negative lookahead, which body generators cannot satisfy;
 * said as "not blank rich text" it is the same rule in a form every JSON Schema tool reads.
 */
function negatedBlankHtml<T>(node: T): T {
  if (Array.isArray(node)) return node.map(negatedBlankHtml) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && value === SHOWS_SOMETHING.source) out.not = { pattern: BLANK_HTML.source };
    else out[key] = negatedBlankHtml(value);
  }
  return out as T;
}
