import { HttpError } from '../lib/errors.ts';

/**
 * Sign-in answers carry the human sentence in `error` as well as `message`: the console shows
 * the `error` field as the sign-in toast's text.
 */
export class AuthError extends HttpError {
  constructor(status: number, sentence: string, options: ConstructorParameters<typeof HttpError>[3] = {}) {
    super(status, sentence, sentence, options);
  }
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

export function throttled(retryAfterSeconds: number): AuthError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AuthError(
    429,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

/** Seconds a client is asked to wait when the hashing queue is full: about what the queue takes to drain. */
const HASHING_RETRY_SECONDS = 2;

export function hashingBusy(): AuthError {
  return new AuthError(503, 'The server is busy checking other sign-ins. Please try again in a moment.', {
    headers: { 'Retry-After': String(HASHING_RETRY_SECONDS) },
  });
}

export function invalidInput(fields: { path: string; message: string }[]): AuthError {
  return new AuthError(400, fields.map((f) => f.message).join('; '), { fields });
}
