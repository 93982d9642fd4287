import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { type Answer, errors, type Json, json, ref, type RouteApi, type Schema, Shape } from '../lib/api-doc.ts';
import { schemaOf } from '../lib/json-schema.ts';

const bearer = [{ bearer: [] }];

const isZod = (node: object): node is Parameters<typeof schemaOf>[0] => '_zod' in node;

/** Turns a declaration's schemas into JSON Schema, each named shape added to the components once. */
function resolverInto(components: Json) {
  const resolve = (node: unknown): unknown => {
    if (typeof node === 'function') return resolve((node as () => Schema)());
    if (node instanceof Shape) {
      if (!(node.name in components)) {
        components[node.name] = {};
        components[node.name] = resolve(node.schema);
      }
      return ref(node.name);
    }
    if (Array.isArray(node)) return node.map(resolve);
    if (typeof node !== 'object' || node === null) return node;
    if (isZod(node)) return schemaOf(node);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  return resolve;
}

const isContent = (
  body: RouteApi['body'],
): body is { content: Record<string, { schema: Schema }> | (() => Record<string, { schema: Schema }>) } =>
  typeof body === 'object' && !(body instanceof Shape) && !isZod(body) && 'content' in body;

/** A route's declaration in the form @fastify/swagger reads (its `schema`), zod and shapes resolved. */
function operationOf(api: RouteApi, components: Json): Json {
  const resolve = resolverInto(components);
  const answers: Record<number, Answer> = { ...api.answers };
  // every operation that takes a token may also answer 403: a role that does not reach it, or an account still to be
  // finished
  if (api.token) answers[403] ??= errors(403)[403]!;
  return resolve({
    summary: api.summary,
    ...(api.tags ? { tags: api.tags } : {}),
    ...(api.token ? { security: bearer } : {}),
    ...(api.query ? { querystring: api.query } : {}),
    ...(api.params ? { params: api.params } : {}),
    ...(api.headers ? { headers: api.headers } : {}),
    ...(api.body ? { body: isContent(api.body) ? api.body : { content: json(api.body) } } : {}),
    response: answers,
  }) as Json;
}

/**
 * The API document, assembled by @fastify/swagger from the routes' own declarations (their
 * `config.api`): registered before the routes, it sees each as it is added. A route without a
 * declaration (the console's files, the unknown-address answers) is left out. The document is
 * built on the first GET /api/openapi.json, then kept.
 */
const apiDocument: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bursary content API',
        version: '1.0.0',
        description:
          'Generated from the routes and the section registry they validate with. Lengths count UTF-16 code units, as JavaScript does: a character outside the Basic Multilingual Plane counts two.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: {} },
    },
    // const stays const: the document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12
    convertConstToEnum: false,
    transform: ({ schema, url, route, ...document }) => {
      const api = route.config?.api;
      if (!api) return { schema: { ...schema, hide: true }, url };
      if (!('openapiObject' in document)) throw new Error('The API document is OpenAPI, not Swagger 2');
      const components = ((document.openapiObject.components ??= {}).schemas ??= {});
      return { schema: operationOf(api, components as Json) as typeof schema, url: api.path ?? url };
    },
  });

  app.get(
    '/api/openapi.json',
    {
      config: {
        api: {
          summary: 'This description',
          answers: {
            200: { description: 'The OpenAPI document', content: json({ type: 'object' }) },
            ...errors(400, 503),
          },
        },
      },
    },
    async () => app.swagger(),
  );
};

export default fp(apiDocument, { name: 'api-document' });
