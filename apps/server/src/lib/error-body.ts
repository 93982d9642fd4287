import type { ErrorBody } from '@bursary/shared';
import type { FieldIssue } from './errors.ts';
import { http } from './node-http.ts';

const { STATUS_CODES } = http;

/** The one error shape on the wire; `error` defaults to the status's reason phrase. */
export function errorBody(
  status: number,
  message: string,
  options: {
    error?: string;
    fields?: FieldIssue[] | undefined;
    extra?: Record<string, unknown> | undefined;
  } = {},
): ErrorBody & Record<string, unknown> {
  return {
    ...options.extra,
    message,
    error: options.error ?? STATUS_CODES[status] ?? 'Error',
    ...(options.fields ? { fields: options.fields } : {}),
  };
}

// the console tells image sizes in the same words
export { formatBytes } from '@bursary/shared/bytes';
