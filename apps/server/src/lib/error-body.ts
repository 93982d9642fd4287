import type * as http from 'node:http';
import { createRequire } from 'node:module';
import type { ErrorBody } from '@bursary/shared';
import type { FieldIssue } from './errors.ts';

// Required, not imported: an ES import of node:http reads every export, and its WebSocket export
// loads the whole fetch implementation (about 16 MB of memory) into a server that never uses it.
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof http;

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
