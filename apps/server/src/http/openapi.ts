import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type SectionDef, type SubItems, BLANK_HTML, LOGS_MAX_LIMIT, ROLES, SHOWS_SOMETHING, isRequired, recordInputSchema, sections, subAddSchema, subEditSchema,
} from '@bursary/shared';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/password.ts';
import { USER_AGENT_MAX_LENGTH } from '../auth/sessions.ts';
import { codeBody, loginCodeBody, newUserBody, profileBody, totpOffBody, userChangeBody } from '../auth/account-input.ts';
import { MAX_ID } from '../lib/ids.ts';
import { MEDIA_URL } from '../sections/record-validation.ts';
import { timestampKeys } from '../db/naming.ts';
import { SEARCH_MAX_LENGTH, SECTION_MAX_LIMIT } from '../sections/routes.ts';

type Json = Record<string, unknown>;

/** The sign-in's bound on a username or password (src/auth/plugin.ts), which it keeps to itself. */
const MAX_CREDENTIAL_LENGTH = 1024;
const OFFSET_MAX = 1_000_000_000;

/**
 * The same zod schemas the routes validate with, as JSON Schema (OpenAPI 3.1 uses draft 2020-12):
 * lengths, non-blank and NUL-free patterns and ISO dates come from the registry, not from a copy.
 */
const schemaOf = (schema: z.ZodType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  return negatedBlankHtml(rest);
};

/**
 * "Rich text that shows something" is a negative lookahead, which body generators cannot satisfy;
 * said as "not blank rich text" it is the same rule in a form every JSON Schema tool reads.
 */
function negatedBlankHtml<T>(node: T): T {
  if (Array.isArray(node)) return node.map(negatedBlankHtml) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && value === SHOWS_SOMETHING.source) out.not = { pattern: BLANK_HTML.source };
    else out[key] = negatedBlankHtml(value);
  }
  return out as T;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const answer = (description: string, schema?: Json, headers?: Json) => ({
  description, ...(headers ? { headers } : {}), ...(schema ? { content: json(schema) } : {}),
});
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } };
const totalCount = { 'X-Total-Count': { description: 'How many there are in all', schema: { type: 'integer', minimum: 0 } } };
const etag = { ETag: { description: 'The version to send as If-Match with the next write', schema: { type: 'string' } } };

/** What each error status means on this server; every one answers `{ message, error }`. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid: a field, a query parameter, the JSON syntax or the address (details in `fields` when a field is at fault)',
  401: 'No token, or its session has ended (on sign-in: a wrong username, password or code)',
  403: 'The role does not allow this (viewer: reads only; editor: no users), or the account must first change its temporary password or set up two-factor sign-in',
  404: 'No such record, item, image, log row, revision or user',
  405: 'The audit log cannot be written',
  409: 'Conflicts with what is stored (a second record of a single-record section, a sub-item before its record, a restore of a deleted record where its section has another, an existing username, the last active administrator, two-factor sign-in already on or off, one\'s own password or second factor through the administration routes)',
  412: 'If-Match names a version that is no longer current; `current` holds the current record',
  413: 'The body, or an uploaded image, is larger than the limit',
  415: 'The body is neither JSON nor a multipart form, or an uploaded file is not a PNG, JPEG, GIF, WebP or SVG image that decodes',
  429: 'Too many failed sign-ins or password checks; wait Retry-After seconds',
  503: 'The server is shutting down, or too busy checking passwords; wait Retry-After seconds when it is sent',
};
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [
  String(status), answer(ERROR_MEANINGS[status] ?? 'Error', ref('Error'), status === 429 || status === 503 ? retryAfter : undefined),
]));
/** Every operation: a malformed address (400) and a server that is closing (503). */
const ALWAYS = [400, 503];
/** Every operation that reads a body: bad JSON, too large, not JSON or a form. */
const BODY = [400, 413, 415];
const notModified = { 304: { description: 'The version named in If-None-Match is still current', headers: etag } };

const bearer = [{ bearer: [] }];
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: MAX_ID } };
const ifMatch = { name: 'If-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'The ETag the edit started from; a stale one gets 412.' };
const ifNoneMatch = { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'An ETag the client holds; 304 while it is current.' };
const pageParams = (maxLimit: number) => [
  { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: maxLimit } },
  { name: 'offset', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: OFFSET_MAX } },
];
/** A query parameter the server reads once as text: no NUL in it. */
const NO_NUL = '^[^\\u0000]*$';

const nullable = (type: string) => ({ type: [type, 'null'] });
const subItemsSchema = (sub: SubItems) => ({
  type: 'array',
  items: { type: 'object', required: ['id', sub.itemKey], additionalProperties: false, properties: { id: { type: 'integer' }, [sub.itemKey]: { type: 'string' } } },
});

/** A record as the API answers it (src/sections/read.ts toWire): every field, sub-items, timestamps. */
function recordSchema(section: SectionDef): Json {
  const properties: Json = { id: { type: 'integer', minimum: 1 } };
  for (const [name, def] of Object.entries(section.fields)) properties[name] = nullable(def.kind === 'number' ? 'number' : 'string');
  if (section.subItems) properties[section.subItems.field] = subItemsSchema(section.subItems);
  const keys = timestampKeys(section);
  properties[keys.created] = { type: 'string' };
  properties[keys.updated] = { type: 'string' };
  return { type: 'object', required: Object.keys(properties), additionalProperties: false, properties };
}

/** A media URL this server handed out, or (when the field may be empty) nothing. */
const mediaUrl = { type: 'string', pattern: MEDIA_URL.source, description: 'An image already uploaded to this server (/media/…); send a new one as a file in a multipart form' };

/** The JSON body of a record write: the registry's schema, image fields narrowed to media URLs. */
function recordJsonBody(section: SectionDef, mode: 'create' | 'update'): Json {
  const schema = schemaOf(recordInputSchema(section, mode));
  const properties = schema.properties as Record<string, Json>;
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind !== 'image') continue;
    properties[name] = isRequired(def, mode) ? mediaUrl : { anyOf: [mediaUrl, { type: 'string', maxLength: 0 }, { type: 'null' }] };
  }
  return schema;
}

/** A JSON value's schema as form text carries it: no null (an empty optional field means null). */
function asFormText(schema: Json): Json {
  const branches = (schema.anyOf as Json[] | undefined)?.filter((branch) => branch.type !== 'null');
  if (!branches) return schema;
  return branches.length === 1 ? branches[0] as Json : { anyOf: branches };
}

/** A number as form text (src/sections/input.ts reads it so); an optional one may be left empty. */
const numberText = (required: boolean) => ({ type: 'string', pattern: required ? '^\\s*-?\\d+(\\.\\d+)?\\s*$' : '^\\s*(-?\\d+(\\.\\d+)?)?\\s*$', description: 'A number, as text' });

/** The same record write as a form: text parts carry the values as the JSON body would, image fields may carry files. */
function recordFormBody(section: SectionDef, mode: 'create' | 'update', jsonBody: Json): Json {
  const jsonProperties = jsonBody.properties as Record<string, Json>;
  const properties: Json = {};
  for (const [name, def] of Object.entries(section.fields)) {
    const required = isRequired(def, mode);
    if (def.kind === 'image') {
      const file = { type: 'string', format: 'binary', minLength: 1, description: 'A PNG, JPEG, GIF, WebP or SVG image' };
      properties[name] = { anyOf: [file, asFormText(jsonProperties[name] ?? {})] };
    } else if (def.kind === 'number') properties[name] = numberText(required);
    else properties[name] = asFormText(jsonProperties[name] ?? {});
  }
  const sub = section.subItems;
  if (sub) properties[sub.field] = { type: 'string', description: `The ${sub.field} list as JSON`, contentMediaType: 'application/json', contentSchema: jsonProperties[sub.field] };
  const required = mode === 'create' ? Object.entries(section.fields).filter(([, def]) => isRequired(def, mode)).map(([name]) => name) : [];
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

function recordBody(section: SectionDef, mode: 'create' | 'update'): Json {
  const jsonBody = recordJsonBody(section, mode);
  return {
    required: true,
    content: { ...json(jsonBody), 'multipart/form-data': { schema: recordFormBody(section, mode, jsonBody) } },
  };
}

function sectionPaths(section: SectionDef): Json {
  const tag = [section.label];
  const record = ref(`Record.${section.slug}`);
  const base = `/api/${section.slug}`;
  const write = (summary: string, extra: Json) => ({ tags: tag, summary, security: bearer, parameters: [ifMatch], ...extra });
  const saved = (status: number, description: string, schema: Json) => ({ [status]: answer(description, schema, etag) });
  const paths: Json = {
    [base]: {
      get: {
        tags: tag, summary: `List ${section.label} (newest first)`,
        parameters: [
          { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: SEARCH_MAX_LENGTH, pattern: NO_NUL }, description: 'Words the records contain (case-insensitive)' },
          ...pageParams(SECTION_MAX_LIMIT), ifNoneMatch,
        ],
        responses: { 200: answer('The records; X-Total-Count holds the total', { type: 'array', items: record }, totalCount), ...notModified, ...errors(...ALWAYS) },
      },
      // a create has no earlier version to name: If-Match plays no part
      post: write(`Create a ${section.singular}`, { parameters: [], requestBody: recordBody(section, 'create'), responses: { ...saved(201, 'Created', record), ...errors(...ALWAYS, ...BODY, 401, 409) } }),
      ...(section.kind === 'single'
        ? { put: write(`Create or replace the ${section.singular}`, { requestBody: recordBody(section, 'update'), responses: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 412) } }) }
        : {}),
    },
    [`${base}/{id}`]: {
      get: { tags: tag, summary: `One ${section.singular}`, parameters: [idParam, ifNoneMatch], responses: { ...saved(200, 'The record, with its ETag', record), ...notModified, ...errors(...ALWAYS, 404) } },
      put: write(`Update a ${section.singular}`, { parameters: [idParam, ifMatch], requestBody: recordBody(section, 'update'), responses: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 404, 412) } }),
      delete: write(`Delete a ${section.singular}`, { parameters: [idParam, ifMatch], responses: { 200: answer('Deleted', ref('Deleted')), ...errors(...ALWAYS, ...BODY, 401, 404, 412) } }),
    },
  };
  const history = {
    tags: tag, security: bearer,
    responses: { 200: answer('Revisions, newest first; X-Total-Count holds the total', { type: 'array', items: ref(`Revision.${section.slug}`) }, totalCount), ...errors(...ALWAYS, 401, 404) },
  };
  paths[`${base}/{id}/revisions`] = { get: { ...history, summary: `Every version of a ${section.singular}, newest first`, parameters: [idParam, ...pageParams(LOGS_MAX_LIMIT)] } };
  if (section.kind === 'single') {
    paths[`${base}/revisions`] = { get: { ...history, summary: `Every version of the ${section.singular}, newest first`, parameters: pageParams(LOGS_MAX_LIMIT) } };
  }
  const sub = section.kind === 'single' ? section.subItems : undefined;
  if (sub) {
    const item = subItemsSchema(sub).items;
    paths[`${base}/sub-edit`] = { put: write(`Edit, add and reorder ${sub.field}`, { requestBody: { required: true, content: json(schemaOf(subEditSchema(sub))) }, responses: { ...saved(200, 'The record', record), ...errors(...ALWAYS, ...BODY, 401, 404, 409, 412) } }) };
    paths[`${base}/sub`] = { post: write(`Add one ${sub.itemKey}`, { requestBody: { required: true, content: json(schemaOf(subAddSchema(sub))) }, responses: { ...saved(201, 'The new item; the ETag is the record\'s', item), ...errors(...ALWAYS, ...BODY, 401, 409, 412) } }) };
    paths[`${base}/sub/{id}`] = { delete: write(`Delete one ${sub.itemKey}`, { parameters: [idParam, ifMatch], responses: { ...saved(200, 'Deleted; the ETag is the record\'s', ref('ItemDeleted')), ...errors(...ALWAYS, ...BODY, 401, 404, 412) } }) };
  }
  return paths;
}

function revisionSchema(section: SectionDef): Json {
  return {
    type: 'object', required: ['id', 'action', 'username', 'created_at', 'log_id', 'record'], additionalProperties: false,
    properties: {
      id: { type: 'integer' }, action: { type: 'string', enum: ['create', 'update', 'delete', 'restore'] }, username: { type: 'string' },
      created_at: { type: 'string' }, log_id: { type: ['integer', 'null'] },
      record: { type: 'object', required: ['id'], description: `The ${section.singular} after the change (for a delete, as it was), as the API answered it then` },
    },
  };
}

/** What GET /api/health answers: its status, and the checks behind it for the metrics token or an administrator. */
const healthBody = (status: 'ok' | 'unavailable') => ({
  type: 'object', required: ['status'], additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [status] },
    checks: {
      type: 'object', required: ['database', 'migrations'], additionalProperties: false,
      properties: {
        database: { type: 'string', enum: ['ok', 'unreachable'] },
        migrations: { type: 'string', enum: ['current', 'pending', 'newer', 'unknown'] },
      },
    },
  },
});

const credentialsBody = {
  type: 'object', required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: MAX_CREDENTIAL_LENGTH, allOf: [{ pattern: '\\S' }, { pattern: NO_NUL }] },
    password: { type: 'string', minLength: 1, maxLength: MAX_CREDENTIAL_LENGTH },
  },
};
const passwordChangeBody = {
  type: 'object', required: ['current_password', 'new_password'],
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: MAX_CREDENTIAL_LENGTH },
    new_password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: 'Not a common password, and not the current one' },
  },
};
const logWrite = { summary: 'Refused: the audit log is written by the server only', security: bearer, responses: errors(...ALWAYS, ...BODY, 401, 405) };
const logWrites = { post: logWrite, put: logWrite, patch: logWrite, delete: logWrite };

const fixedPaths: Json = {
  '/api/health': {
    get: {
      summary: 'Health: the database answers and this server\'s migrations have run (the checks only for the METRICS_TOKEN or an administrator\'s token)',
      responses: {
        200: answer('Up', healthBody('ok')),
        ...errors(400),
        503: answer('Down (the checks say why), or the server is closing', { oneOf: [healthBody('unavailable'), ref('Error')] }, retryAfter),
      },
    },
  },
  '/api/metrics': {
    get: {
      summary: 'Metrics in the Prometheus text format (only with METRICS_TOKEN set, as the bearer token)',
      security: bearer,
      responses: {
        200: { description: 'Requests by route and status, latency, database pool, backups', content: { 'text/plain': { schema: { type: 'string' } } } },
        ...errors(...ALWAYS, 401, 404),
      },
    },
  },
  '/api/openapi.json': { get: { summary: 'This description', responses: { 200: answer('The OpenAPI document', { type: 'object' }), ...errors(...ALWAYS) } } },
  '/api/login': { post: { summary: 'Sign in (with two-factor sign-in on, the first of two steps)', requestBody: { required: true, content: json(credentialsBody) }, responses: { 200: answer('A token and the user, or (two-factor sign-in on) a token for the second step', { oneOf: [ref('Login'), ref('MfaRequired')] }), ...errors(...ALWAYS, ...BODY, 401, 429) } } },
  '/api/login/totp': { post: { summary: 'Second step of a two-factor sign-in: a code from the authenticator app or a recovery code', requestBody: { required: true, content: json(schemaOf(loginCodeBody)) }, responses: { 200: answer('A token and the user', ref('Login')), ...errors(...ALWAYS, ...BODY, 401, 429) } } },
  '/api/logout': { post: { summary: 'Sign out (revokes the token)', security: bearer, responses: { 200: answer('Signed out', ref('Message')), ...errors(...ALWAYS, ...BODY, 401) } } },
  '/api/me': {
    get: { summary: 'The signed-in user, with the role and what the account must still do', security: bearer, responses: { 200: answer('The user', ref('User')), ...errors(...ALWAYS, 401) } },
    patch: { summary: 'Change one\'s own name or email', security: bearer, requestBody: { required: true, content: json(schemaOf(profileBody)) }, responses: { 200: answer('The user', ref('User')), ...errors(...ALWAYS, ...BODY, 401) } },
  },
  '/api/me/sessions': {
    get: { summary: 'One\'s own sessions, newest first', security: bearer, responses: { 200: answer('The sessions', { type: 'array', items: ref('Session') }), ...errors(...ALWAYS, 401) } },
    delete: { summary: 'Sign out of every other session', security: bearer, responses: { 200: answer('Signed out', ref('Ended')), ...errors(...ALWAYS, ...BODY, 401) } },
  },
  '/api/me/totp': {
    post: { summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// URI', security: bearer, responses: { 200: answer('The secret', ref('TotpSetup')), ...errors(...ALWAYS, ...BODY, 401, 409) } },
    put: { summary: 'Confirm two-factor sign-in with a code; answers the recovery codes once', security: bearer, requestBody: { required: true, content: json(schemaOf(codeBody)) }, responses: { 200: answer('On', ref('RecoveryCodes')), ...errors(...ALWAYS, ...BODY, 401, 409, 429) } },
    delete: { summary: 'Turn two-factor sign-in off (the password and a code or recovery code)', security: bearer, requestBody: { required: true, content: json(schemaOf(totpOffBody)) }, responses: { 200: answer('Off', ref('Message')), ...errors(...ALWAYS, ...BODY, 401, 409, 429) } },
  },
  '/api/users': {
    get: { summary: 'Every user (administrators only)', security: bearer, responses: { 200: answer('The users', { type: 'array', items: ref('ListedUser') }), ...errors(...ALWAYS, 401) } },
    post: { summary: 'Add a user with a temporary password (administrators only)', security: bearer, requestBody: { required: true, content: json(schemaOf(newUserBody)) }, responses: { 201: answer('The user and the temporary password, shown once', ref('NewUser')), ...errors(...ALWAYS, ...BODY, 401, 409) } },
  },
  '/api/users/{id}': { patch: { summary: 'Change a user\'s name, email, role or disabled (administrators only)', security: bearer, parameters: [idParam], requestBody: { required: true, content: json(schemaOf(userChangeBody)) }, responses: { 200: answer('The user', ref('ListedUser')), ...errors(...ALWAYS, ...BODY, 401, 404, 409) } } },
  '/api/users/{id}/reset-password': { post: { summary: 'A new temporary password; ends the user\'s sessions (administrators only)', security: bearer, parameters: [idParam], responses: { 200: answer('The temporary password, shown once', ref('TemporaryPassword')), ...errors(...ALWAYS, ...BODY, 401, 404, 409) } } },
  '/api/users/{id}/sessions': { delete: { summary: 'Sign the user out everywhere (administrators only)', security: bearer, parameters: [idParam], responses: { 200: answer('Signed out', ref('Ended')), ...errors(...ALWAYS, ...BODY, 401, 404) } } },
  '/api/users/{id}/totp': { delete: { summary: 'Turn off a user\'s lost second factor (administrators only)', security: bearer, parameters: [idParam], responses: { 200: answer('Off', ref('Message')), ...errors(...ALWAYS, ...BODY, 401, 404, 409) } } },
  '/api/me/password': { put: { summary: 'Change the password (ends the user\'s other sessions)', security: bearer, requestBody: { required: true, content: json(passwordChangeBody) }, responses: { 200: answer('Changed', ref('Message')), ...errors(...ALWAYS, ...BODY, 401, 429) } } },
  '/api/logs': {
    get: { summary: 'Audit log, newest first (100 without parameters)', security: bearer, parameters: pageParams(LOGS_MAX_LIMIT), responses: { 200: answer('Log rows; X-Total-Count holds the total', { type: 'array', items: ref('LogEntry') }, totalCount), ...errors(...ALWAYS, 401) } },
    ...logWrites,
  },
  '/api/logs/summary': { get: { summary: 'Count and latest change', security: bearer, responses: { 200: answer('Summary', ref('LogSummary')), ...errors(...ALWAYS, 401) } }, ...logWrites },
  '/api/logs/{id}': {
    get: { summary: 'One log row with what its change did, against the version before it', security: bearer, responses: { 200: answer('The log row and its changes', ref('LogDetail')), ...errors(...ALWAYS, 401, 404) } },
    ...logWrites, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
  },
  '/api/revisions/{id}/restore': {
    post: {
      summary: 'Write a revision\'s record back as a new change (a deleted record comes back under its id)', security: bearer,
      parameters: [idParam, { ...ifMatch, description: 'The ETag of the record as the editor sees it; a stale one gets 412. A deleted record has none.' }],
      responses: { 200: answer('The record as restored', { type: 'object', required: ['id'] }, etag), ...errors(...ALWAYS, ...BODY, 401, 404, 409, 412) },
    },
  },
  '/api/trash': {
    get: { summary: 'Deleted records not since restored, newest first', security: bearer, parameters: pageParams(LOGS_MAX_LIMIT), responses: { 200: answer('Deleted records; X-Total-Count holds the total', { type: 'array', items: ref('TrashEntry') }, totalCount), ...errors(...ALWAYS, 401) } },
  },
  '/media/{file}': { get: { summary: 'An uploaded image', parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }, ifNoneMatch], responses: { 200: { description: 'The image bytes', headers: etag }, ...notModified, ...errors(...ALWAYS, 404) } } },
};

const LOG_ENTRY_REQUIRED = ['id', 'action', 'content', 'section', 'record_id', 'username', 'created_at', 'updated_at', 'revision_id'];
const logEntryProperties = {
  id: { type: 'integer' }, action: { type: 'string', enum: ['create', 'update', 'delete'] }, content: { type: 'string' }, section: { type: 'string' },
  record_id: { type: ['integer', 'null'] }, username: { type: 'string' }, created_at: { type: 'string' }, updated_at: { type: 'string' },
  revision_id: { type: ['integer', 'null'], description: 'The revision the change stored; null for rows older than history' },
};

const role = { type: 'string', enum: [...ROLES] };
const user = {
  type: 'object', required: ['id', 'username', 'name', 'email', 'role', 'two_factor', 'must_change_password', 'must_set_up_2fa'], additionalProperties: false,
  properties: {
    id: { type: 'integer' }, username: { type: 'string' }, name: { type: 'string' }, email: { type: ['string', 'null'] }, role,
    two_factor: { type: 'boolean' },
    must_change_password: { type: 'boolean', description: 'Signed in with a temporary password: every call but PUT /api/me/password (and GET /api/me, sign-out, two-factor set-up) answers 403 until it is changed' },
    must_set_up_2fa: { type: 'boolean', description: 'REQUIRE_2FA asks this user for two-factor sign-in: every call but its set-up (and GET /api/me, sign-out, the password change) answers 403 until it is on' },
  },
};
const listedUser = {
  type: 'object', required: ['id', 'username', 'name', 'email', 'role', 'disabled', 'two_factor', 'last_login_at', 'created_at'], additionalProperties: false,
  properties: {
    id: { type: 'integer' }, username: { type: 'string' }, name: { type: 'string' }, email: { type: ['string', 'null'] }, role,
    disabled: { type: 'boolean' }, two_factor: { type: 'boolean' }, last_login_at: { type: ['string', 'null'] }, created_at: { type: 'string' },
  },
};
const object = (properties: Json) => ({ type: 'object', required: Object.keys(properties), additionalProperties: false, properties });
const accountSchemas = {
  ListedUser: listedUser,
  NewUser: object({ user: ref('ListedUser'), temporary_password: { type: 'string' }, message: { type: 'string' } }),
  TemporaryPassword: object({ temporary_password: { type: 'string' }, message: { type: 'string' } }),
  Ended: object({ message: { type: 'string' }, ended: { type: 'integer', minimum: 0 } }),
  Session: object({
    id: { type: 'integer' }, created_at: { type: 'string' }, last_seen_at: { type: 'string' }, expires_at: { type: 'string' },
    user_agent: { type: ['string', 'null'], maxLength: USER_AGENT_MAX_LENGTH, description: 'The User-Agent of the sign-in that opened it; null when unknown' },
    current: { type: 'boolean' },
  }),
  TotpSetup: object({ secret: { type: 'string', description: 'Base32, for typing into an app' }, uri: { type: 'string', pattern: '^otpauth://totp/' }, message: { type: 'string' } }),
  RecoveryCodes: object({ recovery_codes: { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 }, message: { type: 'string' } }),
  MfaRequired: object({ mfa_required: { type: 'boolean', enum: [true] }, mfa_token: { type: 'string', description: 'Send it with the code to POST /api/login/totp within 5 minutes' }, message: { type: 'string' } }),
};

/** Every operation that takes a token may also answer 403: a role that does not reach it, or an account still to be finished. */
function withForbidden(paths: Json): Json {
  for (const item of Object.values(paths) as Json[]) {
    for (const operation of Object.values(item) as Json[]) {
      if (operation && typeof operation === 'object' && operation.security === bearer) {
        const responses = operation.responses as Json;
        responses['403'] ??= errors(403)['403'];
      }
    }
  }
  return paths;
}

export function buildOpenApi(): Json {
  const records = Object.fromEntries(sections.map((section) => [`Record.${section.slug}`, recordSchema(section)]));
  const revisions = Object.fromEntries(sections.map((section) => [`Revision.${section.slug}`, revisionSchema(section)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bursary content API', version: '1.0.0',
      description: 'Generated from the section registry that the routes validate with. Lengths count UTF-16 code units, as JavaScript does: a character outside the Basic Multilingual Plane counts two.',
    },
    paths: withForbidden(Object.assign({}, fixedPaths, ...sections.map(sectionPaths))),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object', required: ['message', 'error'], additionalProperties: false,
          properties: {
            message: { type: 'string' }, error: { type: 'string' },
            fields: { type: 'array', items: { type: 'object', required: ['path', 'message'], additionalProperties: false, properties: { path: { type: 'string' }, message: { type: 'string' } } } },
            current: { description: 'On 412: the current record, or null when there is none', anyOf: [{ type: 'object' }, { type: 'null' }] },
          },
        },
        Message: { type: 'object', required: ['message'], additionalProperties: false, properties: { message: { type: 'string' } } },
        Deleted: object({
          message: { type: 'string' },
          revision_id: { type: 'integer', description: 'The revision the delete stored; POST /api/revisions/{id}/restore with it brings the record back (undo)' },
        }),
        ItemDeleted: object({
          message: { type: 'string' },
          undo_revision_id: {
            type: ['integer', 'null'],
            description: 'The record\'s revision from just before the delete; restoring it (with the answer\'s ETag as If-Match) puts the item back. Null when the record is older than history.',
          },
        }),
        User: user,
        Login: { type: 'object', required: ['token', 'user', 'message'], additionalProperties: false, properties: { token: { type: 'string' }, user: ref('User'), message: { type: 'string' } } },
        ...accountSchemas,
        LogEntry: { type: 'object', required: LOG_ENTRY_REQUIRED, additionalProperties: false, properties: logEntryProperties },
        LogDetail: {
          type: 'object', required: [...LOG_ENTRY_REQUIRED, 'changes'], additionalProperties: false,
          properties: {
            ...logEntryProperties,
            changes: {
              type: 'array',
              items: {
                type: 'object', required: ['field', 'before', 'after'], additionalProperties: false,
                properties: { field: { type: 'string' }, item_id: { type: 'integer', description: 'The sub-item changed, added (before null) or removed (after null)' }, before: {}, after: {} },
              },
            },
          },
        },
        TrashEntry: {
          type: 'object', required: ['section', 'record_id', 'title', 'username', 'deleted_at', 'revision_id'], additionalProperties: false,
          properties: {
            section: { type: 'string' }, record_id: { type: 'integer' }, title: { type: 'string' }, username: { type: 'string' }, deleted_at: { type: 'string' },
            revision_id: { type: 'integer', description: 'POST /api/revisions/{revision_id}/restore brings the record back' },
          },
        },
        ...revisions,
        LogSummary: { type: 'object', required: ['total', 'last_updated_at'], additionalProperties: false, properties: { total: { type: 'integer', minimum: 0 }, last_updated_at: { type: ['string', 'null'] } } },
        ...records,
      },
    },
  };
}

/** GET /api/openapi.json, built on the first request (zod's JSON-schema conversion is not free at start), then kept. */
const openapiRoutes: FastifyPluginAsync = async (app) => {
  let document: Json | undefined;
  app.get('/api/openapi.json', async () => (document ??= buildOpenApi()));
};

export default openapiRoutes;
