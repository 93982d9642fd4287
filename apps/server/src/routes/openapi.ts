import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type SectionDef, recordInputSchema, sections, subAddSchema, subEditSchema } from '@bursary/shared';

type Json = Record<string, unknown>;

/** The same zod schemas the routes validate with, as OpenAPI 3.0 JSON Schema. */
const schemaOf = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as Json;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
const answer = (description: string, schema?: Json) => (schema ? { description, content: json(schema) } : { description });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [String(s), answer('Error', ref('Error'))]));
const bearer = [{ bearer: [] }];
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const ifMatch = { name: 'If-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'The ETag the edit started from; a stale one gets 412.' };

function recordBody(section: SectionDef, mode: 'create' | 'update'): Json {
  const schema = schemaOf(recordInputSchema(section, mode));
  return { required: true, content: { ...json(schema), 'multipart/form-data': { schema: { type: 'object', description: 'The same fields as text; image fields as files.' } } } };
}

function sectionPaths(section: SectionDef): Json {
  const tag = [section.label];
  const record = ref('Record');
  const base = `/api/${section.slug}`;
  const write = (summary: string, extra: Json) => ({ tags: tag, summary, security: bearer, parameters: [ifMatch], ...extra });
  const paths: Json = {
    [base]: {
      get: {
        tags: tag, summary: `List ${section.label} (newest first)`,
        parameters: ['q', 'limit', 'offset'].map((name) => ({ name, in: 'query', required: false, schema: { type: name === 'q' ? 'string' : 'integer' } })),
        responses: { 200: answer('The records; X-Total-Count holds the total', { type: 'array', items: record }), ...errors(400) },
      },
      post: write(`Create a ${section.singular}`, { requestBody: recordBody(section, 'create'), responses: { 201: answer('Created', record), ...errors(400, 401, 409, 413, 415) } }),
      ...(section.kind === 'single'
        ? { put: write(`Create or replace the ${section.singular}`, { requestBody: recordBody(section, 'update'), responses: { 200: answer('Saved', record), ...errors(400, 401, 412, 413, 415) } }) }
        : {}),
    },
    [`${base}/{id}`]: {
      get: { tags: tag, summary: `One ${section.singular}`, parameters: [idParam], responses: { 200: answer('The record, with its ETag', record), ...errors(400, 404) } },
      put: write(`Update a ${section.singular}`, { parameters: [idParam, ifMatch], requestBody: recordBody(section, 'update'), responses: { 200: answer('Saved', record), ...errors(400, 401, 404, 412, 413, 415) } }),
      delete: write(`Delete a ${section.singular}`, { parameters: [idParam, ifMatch], responses: { 200: answer('Deleted', ref('Message')), ...errors(401, 404, 412) } }),
    },
  };
  const sub = section.kind === 'single' ? section.subItems : undefined;
  if (sub) {
    paths[`${base}/sub-edit`] = { put: write(`Edit, add and reorder ${sub.field}`, { requestBody: { required: true, content: json(schemaOf(subEditSchema(sub))) }, responses: { 200: answer('The record', record), ...errors(400, 401, 409, 412) } }) };
    paths[`${base}/sub`] = { post: write(`Add one ${sub.itemKey}`, { requestBody: { required: true, content: json(schemaOf(subAddSchema(sub))) }, responses: { 201: answer('The new item'), ...errors(400, 401, 409, 412) } }) };
    paths[`${base}/sub/{id}`] = { delete: write(`Delete one ${sub.itemKey}`, { parameters: [idParam, ifMatch], responses: { 200: answer('Deleted', ref('Message')), ...errors(401, 404, 412) } }) };
  }
  return paths;
}

const fixedPaths: Json = {
  '/api/health': { get: { summary: 'Health', responses: { 200: answer('Up', { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } }) } } },
  '/api/login': { post: { summary: 'Sign in', requestBody: { required: true, content: json({ type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } }) }, responses: { 200: answer('A token and the user'), ...errors(400, 401, 429) } } },
  '/api/logout': { post: { summary: 'Sign out (revokes the token)', security: bearer, responses: { 200: answer('Signed out', ref('Message')), ...errors(401) } } },
  '/api/me': { get: { summary: 'The signed-in user', security: bearer, responses: { 200: answer('The user'), ...errors(401) } } },
  '/api/me/password': { put: { summary: 'Change the password', security: bearer, responses: { 200: answer('Changed', ref('Message')), ...errors(400, 401) } } },
  '/api/logs': { get: { summary: 'Audit log, newest first (100 without parameters)', security: bearer, parameters: ['limit', 'offset'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'integer' } })), responses: { 200: answer('Log rows; X-Total-Count holds the total'), ...errors(400, 401) } } },
  '/api/logs/summary': { get: { summary: 'Count and latest change', security: bearer, responses: { 200: answer('Summary'), ...errors(401) } } },
  '/media/{file}': { get: { summary: 'An uploaded image', parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: answer('The image bytes'), ...errors(404) } } },
};

export function buildOpenApi(): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Bursary content API', version: '1.0.0', description: 'Generated from the section registry that the routes validate with.' },
    paths: Object.assign({}, fixedPaths, ...sections.map(sectionPaths)),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: { type: 'object', required: ['message', 'error'], properties: { message: { type: 'string' }, error: { type: 'string' }, fields: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } } } },
        Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        Record: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } }, additionalProperties: true },
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
