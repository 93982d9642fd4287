import { BadRequestError, NotFoundError } from './errors.ts';

/** Ids are PostgreSQL `integer`s: anything above cannot exist. */
export const MAX_ID = 2_147_483_647;

/** A record or sub-item id from the address: a positive whole number, else a clear 400. */
export function parseId(raw: string | undefined, what = 'record'): number {
  if (raw === undefined || !/^\d{1,20}$/.test(raw)) {
    throw new BadRequestError(`The ${what} id in the address must be a positive whole number.`);
  }
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw new NotFoundError(`No ${what} with id ${raw}.`);
  return id;
}
