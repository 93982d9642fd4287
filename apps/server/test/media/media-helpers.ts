/** Shared by the media tests, split by subject to keep every file under 250 lines. */
import { HttpError } from '../../src/lib/errors.ts';

export const LIMIT = 64 * 1024;

export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}
