import { BadRequestError } from './errors.ts';

type Query = Record<string, unknown>;

/** One query parameter as text; repeating it is refused rather than guessed at. */
export function textParam(query: Query, name: string, maxLength: number): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BadRequestError(`Send ${name} once, as text.`);
  if (value.length > maxLength) throw new BadRequestError(`${name} must be at most ${maxLength} characters.`);
  if (value.includes('\u0000')) throw new BadRequestError(`${name} must not contain a NUL character.`);
  return value;
}

/** A whole-number query parameter within bounds, e.g. limit and offset. */
export function intParam(query: Query, name: string, bounds: { min: number; max: number }): number | undefined {
  const text = textParam(query, name, 20);
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < bounds.min || value > bounds.max) {
    throw new BadRequestError(`${name} must be a whole number from ${bounds.min} to ${bounds.max}.`);
  }
  return value;
}
