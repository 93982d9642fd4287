import type { z } from 'zod';
import type { ErrorBody, MessageResponse } from '@bursary/shared';
import { idParamsOf } from './params.ts';

/**
 * The vocabulary a route uses to describe itself in the API document (GET /api/openapi.json).
 * A route declares its params, query, headers, body and answers beside itself, as zod schemas
 * (the ones its handler validates with) or JSON Schema; http/api-document.ts assembles them.
 * The declaration is documentation only: input is still checked by the handler, so every
 * answer and message stays the handler's own.
 */

export type Json = Record<string, unknown>;

/** A schema the document names once, under components, and refers to wherever it is used. */
export class Shape {
  readonly name: string;
  readonly schema: Schema;
  constructor(name: string, schema: Schema) {
    this.name = name;
    this.schema = schema;
  }
}

/**
 * Where a schema may stand: JSON Schema, a zod schema, a named shape, or a function making one.
 * zod's conversion to JSON Schema is not free, so it happens when the document is first asked
 * for, never at start-up.
 */
export type Schema = Json | z.ZodType | Shape | (() => Schema);

/**
 * An answer's object shape with exactly the properties of its wire contract in packages/shared (the
 * types the console reads): a property added on one side and not the other fails the type check. All
 * are required unless said: the server sends each, where the contract lets older clients miss one.
 */
export const contract =
  <T>() =>
  (
    properties: { [K in keyof T]-?: Schema },
    required: (keyof T & string)[] = Object.keys(properties) as (keyof T & string)[],
  ) => ({ type: 'object', required, additionalProperties: false, properties });

export interface Answer {
  description: string;
  headers?: Json;
  content?: Record<string, { schema: Schema }>;
  type?: 'null';
}

export interface RouteApi {
  /**
   * The operation's name in the document, which generated clients name their functions after: a verb and what it
   * acts on (`listFaqs`, `getFaq`, `publishFaq`). Clients depend on it: renaming one breaks them.
   */
  operationId: string;
  summary: string;
  tags?: string[];
  /**
   * true: takes a bearer token, and the document lists the scheme and the 403 of a role or an unfinished account.
   * 'optional': public, and a token adds to what it answers (drafts with status=all). Left out: public.
   */
  token?: boolean | 'optional';
  params?: Schema;
  query?: Schema;
  headers?: Schema;
  /** A zod or JSON schema of a JSON body, or `{ content }` for several media types. */
  body?: Schema | { content: Record<string, { schema: Schema }> | (() => Record<string, { schema: Schema }>) };
  answers: Record<number, Answer>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the API document; a route under /api without one fails the document test. */
    api?: RouteApi;
  }
}

/** Route options with the route's API declaration added to their config (their own config kept). */
export function documented<T extends object>(api: RouteApi, options?: T): T & { config: { api: RouteApi } } {
  const config = (options as { config?: object } | undefined)?.config;
  return { ...((options ?? {}) as T), config: { ...config, api } };
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Schema) => ({ 'application/json': { schema } });
/** An answer with a JSON body (or none), and the headers it sets. */
export const answer = (description: string, schema?: Schema, headers?: Json): Answer => ({
  description,
  ...(headers ? { headers } : {}),
  ...(schema ? { content: json(schema) } : { type: 'null' as const }),
});

export const retryAfter = {
  'Retry-After': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again' },
};
export const totalCount = {
  'X-Total-Count': { type: 'integer', minimum: 0, description: 'How many there are in all' },
};
export const etag = { ETag: { type: 'string', description: 'The version to send as If-Match with the next write' } };
/** Where a created record or item is read from. */
export const location = { Location: { type: 'string', description: 'The address of what was created' } };
/** What a shared cache is told about a public read, and which request headers change its answer. */
export const publicCache = {
  'Cache-Control': {
    type: 'string',
    description:
      'public, max-age=0, s-maxage=PUBLIC_CACHE_SECONDS for a public read (a 404 too: public, s-maxage); private, no-store for a signed-in or preview read',
  },
  'CDN-Cache-Control': {
    type: 'string',
    description: 'For shared caches only: public, s-maxage and stale-while-revalidate',
  },
  Vary: { type: 'string', description: 'Names Bursary-Preview (and Accept-Encoding when compressed)' },
};
/** The version of a public read, for If-None-Match. */
const readEtag = { ETag: { type: 'string', description: 'The version answered; send it as If-None-Match to get 304' } };
/** The headers of a public read's 200 and 304. */
export const publicRead = { ...readEtag, ...publicCache };

/** The properties of every error answer: `{ message, error }`, and the fields at fault in `fields`. */
const errorProperties = {
  message: { type: 'string' },
  error: { type: 'string' },
  fields: {
    type: 'array',
    items: {
      type: 'object',
      required: ['path', 'message'],
      additionalProperties: false,
      properties: { path: { type: 'string' }, message: { type: 'string' } },
    },
  },
};
export const errorShape = new Shape('Error', contract<ErrorBody>()(errorProperties, ['message', 'error']));

export const messageShape = new Shape('Message', contract<MessageResponse>()({ message: { type: 'string' } }));

/** What each error status means on this server. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid: a field, a query parameter, the JSON syntax or the address (details in `fields` when a field is at fault)',
  401: 'No token, or its session has ended (on sign-in: a wrong username, password or code)',
  403: 'The role does not allow this (viewer: reads only; editor: no users), or the account must first change its temporary password or set up two-factor sign-in',
  404: 'No such record, item, image, log row, revision or user',
  409: "Conflicts with what is stored (a second record of a single-record section, a sub-item before its record, a restore of a deleted record where its section has another, an existing username, the last active administrator, two-factor sign-in already on or off, one's own password or second factor through the administration routes, a published record saved as a draft or a draft's separate changes, publishing with nothing to publish, unpublishing a draft, deleting an image that a record, a draft, waiting changes or a kept revision still uses, a change the server's change gate does not let through)",
  412: 'If-Match names a version that is no longer current; `current` holds the current record',
  413: 'The body, or an uploaded image, is larger than the limit',
  415: 'The body is neither JSON nor a multipart form, or an uploaded file is not a PNG, JPEG, GIF, WebP or SVG image that decodes',
  429: 'Too many failed sign-ins or password checks; wait Retry-After seconds',
  503: 'The server is shutting down, too busy checking passwords, or the database is busy with other changes; wait Retry-After seconds when it is sent',
};
export const errors = (...statuses: number[]): Record<number, Answer> =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      answer(ERROR_MEANINGS[status] ?? 'Error', errorShape, status === 429 || status === 503 ? retryAfter : undefined),
    ]),
  );
/**
 * The 412 of a write guarded by If-Match: the error with `current`, what the call would answer now (the record,
 * or the waiting changes), typed as that answer so a client can show it without reading the record again.
 */
export const staleWrite = (name: string, current: Schema): Record<number, Answer> => ({
  412: answer(
    ERROR_MEANINGS[412] ?? 'Error',
    new Shape(`PreconditionFailed.${name}`, {
      type: 'object',
      required: ['message', 'error', 'current'],
      additionalProperties: false,
      properties: {
        message: errorProperties.message,
        error: errorProperties.error,
        current: { description: 'The current version, or null when there is none', anyOf: [current, { type: 'null' }] },
      },
    }),
  ),
});
/** Every operation: a malformed address (400) and a server that is closing (503). */
export const ALWAYS = [400, 503];
/** Every operation that reads a body: bad JSON, too large, not JSON or a form. */
export const BODY = [400, 413, 415];
export const notModified = { 304: answer('The version named in If-None-Match is still current', undefined, etag) };
/** The 304 of a public read, with what a shared cache is told. */
export const publicNotModified = {
  304: answer('The version named in If-None-Match is still current', undefined, publicRead),
};

/** The params of a record's address under /{id} (lib/params.ts parses them). */
export const idParams = idParamsOf();
export const ifMatch = {
  type: 'object',
  properties: { 'If-Match': { type: 'string', description: 'The ETag the edit started from; a stale one gets 412.' } },
};
export const ifNoneMatch = {
  type: 'object',
  properties: {
    'If-None-Match': { type: 'string', description: 'An ETag the client holds; 304 while it is current.' },
  },
};
/** A query parameter the server reads once as text: no NUL in it. */
export const NO_NUL = '^[^\\u0000]*$';
