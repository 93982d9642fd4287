import type { SectionDef } from '@bursary/shared';
/**
 * Typed errors thrown anywhere in the server. The one error handler maps them to
 * `{ message, error, fields? }` with their status; anything else becomes a
 * plain 500 whose detail stays in the log.
 */
export interface FieldIssue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  readonly status: number;
  /** Short machine-readable name of the failure, sent as `error`. */
  readonly code: string;
  readonly fields: FieldIssue[] | undefined;
  /** Extra body keys, e.g. the current record on a 412. */
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: {
      fields?: FieldIssue[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export class ValidationError extends HttpError {
  constructor(fields: FieldIssue[], message = fields.map((f) => f.message).join('; ') || 'The request is not valid') {
    super(400, 'Bad Request', message, { fields });
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, 'Bad Request', message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required. Please sign in.') {
    super(401, 'Unauthorized', message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, 'Not Found', message);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(message: string, allow: string) {
    super(405, 'Method Not Allowed', message, { headers: { Allow: allow } });
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}

/**
 * A write whose If-Match no longer names the current version; carries the current record, and its section so
 * that the answer shows the record as reads do (with its images' alternative text).
 */
export class PreconditionFailedError extends HttpError {
  readonly section: SectionDef | undefined;
  constructor(message: string, current: unknown, section?: SectionDef) {
    super(412, 'Precondition Failed', message, { extra: { current } });
    this.section = section;
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'Payload Too Large', message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'Unsupported Media Type', message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, 'Forbidden', message);
  }
}
