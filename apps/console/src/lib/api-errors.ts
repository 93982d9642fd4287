import type { ErrorBody } from '@bursary/shared';

/** The server answered with a status outside 2xx. `body` is its parsed answer when it had one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | null;

  constructor(status: number, body: Partial<ErrorBody> | null) {
    // The server's message, else its error field, else the status line.
    super(nonEmpty(body?.message) ?? nonEmpty(body?.error) ?? `HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** No answer came back at all: the server is down or the network is gone. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/** A call that needs the token was asked for while signed out; no request was made. */
export class AuthRequiredError extends Error {
  constructor() {
    super('Authentication required');
    this.name = 'AuthRequiredError';
  }
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The answer's `error` field, which several error toasts put first. */
export function errorField(error: unknown): string | undefined {
  return error instanceof ApiError ? nonEmpty(error.body?.error) : undefined;
}

/** The answer's `message` field, else its `error` field (the titled error toasts). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return nonEmpty(error.body?.message) ?? nonEmpty(error.body?.error);
}

/** The `fields` of a 400 answer, to pin onto form inputs with react-hook-form's `setError`. */
export function fieldErrors(error: unknown): { path: string; message: string }[] {
  return error instanceof ApiError && Array.isArray(error.body?.fields) ? error.body.fields : [];
}
