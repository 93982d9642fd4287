/** An answer Bursary gave that is not the content asked for: its HTTP status and Bursary's `message`. */
export class BursaryError extends Error {
  readonly status: number;
  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BursaryError';
    this.status = status;
  }
}

/**
 * Bursary gave no answer at all: the fetch itself failed (connection refused, a name that does not resolve, a
 * timeout). A `BursaryError` with status 0, so one `instanceof BursaryError` catches both; `cause` is what fetch threw.
 * A website may keep serving the pages it already has.
 */
export class BursaryUnreachableError extends BursaryError {
  override readonly status = 0;
  constructor(baseUrl: string, cause: unknown) {
    super(0, `Bursary could not be reached at ${baseUrl}: ${reason(cause)}`, { cause });
    this.name = 'BursaryUnreachableError';
  }
}

/** Why fetch failed, in words: Node's `fetch failed` names the real reason (ECONNREFUSED, …) in its own cause. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const inner = error instanceof Error ? (error.cause as { message?: unknown } | undefined)?.message : undefined;
  return typeof inner === 'string' && inner && inner !== message ? `${message} (${inner})` : message;
}
