import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from './errors.ts';
import { MAX_ID, parseId } from './ids.ts';

/**
 * An address's params are declared as zod objects beside their routes (the API document's path parameters) and
 * parsed with the same object (`parseParams`), as query strings are with `parseQuery`.
 */

/**
 * An id in the address, read as `parseId` reads it: 400 when it is not a positive whole number, 404 above any id
 * there can be (parseId's errors pass through the parse as they are). The document shows the integer it carries.
 */
export const idParam = (what = 'record') =>
  z
    .string()
    .optional()
    .transform((raw) => parseId(raw, what))
    .meta({ type: 'integer', minimum: 1, maximum: MAX_ID });

/** The params of an address under /{id}; `what` names the id in its errors (webhook, user…). */
export const idParamsOf = (what?: string) => z.object({ id: idParam(what) });

/** The params as `schema` reads them, or 400 with the first one at fault. */
export function parseParams<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.params ?? {});
  if (parsed.success) return parsed.data;
  throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The address is not valid.');
}
