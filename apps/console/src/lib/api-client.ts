import { getToken } from './session';
import { ApiError, AuthRequiredError, NetworkError } from './api-errors';
import { endExpiredSession } from './session-expiry';

export { ApiError, AuthRequiredError, NetworkError, errorField, fieldErrors, serverMessage } from './api-errors';
export { toRequestBody } from './request-body';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  json?: unknown;
  formData?: FormData;
  /** The record's ETag from its last read; a stale save then answers 412. */
  ifMatch?: string | null;
  /**
   * Whether to send the session's bearer token. Default: every method but GET (section
   * reads are public and send none). Pass `true` on logs reads. When the token is missing, a DELETE goes
   * out without it and any other call throws AuthRequiredError without a request.
   */
  auth?: boolean;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  etag: string | null;
  headers: Headers;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(
    path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`,
    window.location.href,
  );
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one way the console calls the API: same origin, `/api/...` (a path without the prefix gets
 * it). Throws ApiError for non-2xx answers, NetworkError when no answer came. A 401 on a call that
 * carried the token ends the session, keeping any unsaved form input as a draft.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const wantsAuth = options.auth ?? method !== 'GET';
  const token = wantsAuth ? getToken() : null;
  if (wantsAuth && !token && method !== 'DELETE') throw new AuthRequiredError();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.ifMatch) headers.set('If-Match', options.ifMatch);

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token) endExpiredSession();
    const errorBody = typeof data === 'object' && data !== null ? (data as ApiError['body']) : null;
    throw new ApiError(response.status, errorBody);
  }
  return { data: data as T, status: response.status, etag: response.headers.get('ETag'), headers: response.headers };
}
