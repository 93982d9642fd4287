import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from './errors.ts';

/**
 * Query strings are declared as zod objects beside their routes and parsed with the same object
 * (`parseQuery`), so the API document's parameters and the checks the handler makes cannot part.
 * Unknown parameters are left alone, as websites and caches add their own (`?v=2`).
 */

// eslint-disable-next-line no-control-regex -- the NUL character is the one refused
const NO_NUL = /^[^\u0000]*$/;

/** One query parameter as text; repeating it (which arrives as a list) is refused rather than guessed at. */
export const queryText = (name: string, maxLength: number) =>
  z
    .string({ error: `Send ${name} once, as text.` })
    .max(maxLength, { error: `${name} must be at most ${maxLength} characters.` })
    .regex(NO_NUL, { error: `${name} must not contain a NUL character.` });

/** A whole-number query parameter within bounds, e.g. limit and offset; sent empty, it is as if not sent. */
const queryInt = (name: string, { min, max }: { min: number; max: number }) =>
  queryText(name, 20)
    .transform((text, ctx) => {
      if (text === '') return undefined;
      const value = Number(text);
      if (/^\d+$/.test(text) && value >= min && value <= max) return value;
      ctx.issues.push({
        code: 'custom',
        input: text,
        message: `${name} must be a whole number from ${min} to ${max}.`,
      });
      return z.NEVER;
    })
    // the document shows the number the parameter carries, not the text it arrives as
    .meta({ type: 'integer', minimum: min, maximum: max })
    .optional();

/** The highest offset any list takes. */
const OFFSET_MAX = 1_000_000_000;

/** `limit` and `offset` of a paged list. */
export const pageQuery = (maxLimit: number) => ({
  limit: queryInt('limit', { min: 1, max: maxLimit }),
  offset: queryInt('offset', { min: 0, max: OFFSET_MAX }),
});

/**
 * The query as `schema` reads it, or 400 with the first parameter at fault, in the order the schema lists them. A
 * strict schema (a write's: `z.strictObject`) names a parameter it does not take before anything else.
 */
export function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.query ?? {});
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const issue = issues.find((one) => one.code === 'unrecognized_keys') ?? issues[0];
  throw new BadRequestError(issue?.message ?? 'The query string is not valid.');
}

/**
 * Whether the query holds no parameter at all, asked without parsing it: the plain public list (what the website
 * sends) is told apart from every other read before a single await.
 */
export function queryIsEmpty(request: FastifyRequest): boolean {
  return Object.keys(request.query as object).length === 0;
}

/**
 * The text of `name` when it is the query's only parameter, sent once (else undefined), left for the caller to
 * check: the website's list in one language is told apart this way, as cheaply as the plain one.
 */
export function soleQueryText(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as Record<string, unknown>;
  const keys = Object.keys(query);
  if (keys.length !== 1) return undefined;
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}
