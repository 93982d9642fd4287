import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import {
  type Answer,
  publicNotModified,
  publicRead,
  documented,
  errors,
  type Json,
  json,
  ref,
  type RouteApi,
  type Schema,
  Shape,
} from '../lib/api-doc.ts';
import { schemaOf } from '../lib/json-schema.ts';
import { contentEtag } from '../lib/etag.ts';
import { notModified } from '../lib/reply-headers.ts';
import { parseQuery, queryText } from '../lib/query.ts';
import { websiteDocument } from './website-document.ts';
import { shareRepeatedParts } from './shared-parts.ts';

const bearer = [{ bearer: [] }];
/** Public: no requirement; optional: none, or the bearer token (`{}` is the empty requirement). */
const securityOf = (token: RouteApi['token']) =>
  token === true ? bearer : token === 'optional' ? [{}, ...bearer] : [];

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

/** A HEAD answers a GET's status and headers without its body. */
const withoutBodies = (answers: Record<number, Answer>): Record<number, Answer> =>
  Object.fromEntries(
    Object.entries(answers).map(([status, { description, headers }]) => [
      status,
      { description, ...(headers ? { headers } : {}), type: 'null' as const },
    ]),
  );

/** The HEAD of a read is named after its GET: listFaqs → headFaqs, getFaq → headFaq. */
const headOperationId = (getId: string) => getId.replace(/^(list|get)(?=[A-Z])/, 'head');

/**
 * A route's declaration in the form @fastify/swagger reads (its `schema`), zod and shapes resolved; `head`: the
 * HEAD route Fastify adds beside a GET.
 */
function operationOf(api: RouteApi, components: Json, head: boolean): Json {
  const resolve = resolverInto(components);
  const answers: Record<number, Answer> = { ...api.answers };
  // every operation that takes a token may also answer 403: a role that does not reach it, or an account still to be
  // finished
  if (api.token === true) answers[403] ??= errors(403)[403]!;
  return resolve({
    operationId: head ? headOperationId(api.operationId) : api.operationId,
    summary: head ? `${api.summary}: the headers alone` : api.summary,
    ...(api.tags ? { tags: api.tags } : {}),
    security: securityOf(api.token),
    ...(api.query ? { querystring: api.query } : {}),
    ...(api.params ? { params: api.params } : {}),
    ...(api.headers ? { headers: api.headers } : {}),
    ...(api.body && !head ? { body: isContent(api.body) ? api.body : { content: json(api.body) } } : {}),
    response: head ? withoutBodies(answers) : answers,
  }) as Json;
}

const documentQuery = z.object({
  audience: queryText('audience', 20)
    .pipe(
      z.enum(['website'], {
        error: 'audience must be "website" (the reads a website makes), or left out for the whole document.',
      }),
    )
    .optional()
    .meta({ description: "website: the public reads alone, what a website's generated client needs" }),
});

const documentApi: RouteApi = {
  operationId: 'getApiDocument',
  summary: 'This description (or, with audience=website, the part of it a website reads)',
  query: documentQuery,
  answers: {
    200: {
      description: 'The OpenAPI document',
      content: json({ type: 'object', additionalProperties: true }),
      headers: publicRead,
    },
    ...publicNotModified,
    ...errors(400, 503),
  },
};

/** How @fastify/swagger turns the declared routes into the document. */
const swaggerOptions = (publicUrl: string | undefined): FastifyDynamicSwaggerOptions => ({
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
  // the HEAD of a public read is what a cache or a link checker sends: documented beside its GET
  exposeHeadRoutes: true,
  // const stays const: the document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12
  convertConstToEnum: false,
  transform: ({ schema, url, route, ...document }) => {
    const api = route.config?.api;
    const head = route.method === 'HEAD';
    if (!api || (head && api.token === true)) return { schema: { ...schema, hide: true }, url };
    if (!('openapiObject' in document)) throw new Error('The API document is OpenAPI, not Swagger 2');
    const components = ((document.openapiObject.components ??= {}).schemas ??= {});
    return { schema: operationOf(api, components as Json, head) as typeof schema, url };
  },
  transformObject: (built) => {
    if (!('openapiObject' in built)) throw new Error('The API document is OpenAPI, not Swagger 2');
    const document = built.openapiObject as Json;
    // the server that answered, unless PUBLIC_URL names where the website reaches it
    document.servers = [{ url: publicUrl ?? '/', description: 'This server (the paths start with /api and /media)' }];
    shareRepeatedParts(document);
    return built.openapiObject;
  },
});

type RouteSeen = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/**
 * The document of the routes as they were added. @fastify/swagger and the YAML writer it requires
 * weigh several MB that few running servers ever use, so they load on the first request for the
 * document, not at start-up: the routes are added again, with their declarations only (HEAD routes
 * as Fastify made them), to a Fastify instance of their own for @fastify/swagger to read.
 */
async function buildDocument(routes: readonly RouteSeen[], publicUrl: string | undefined): Promise<Json> {
  const [{ default: Fastify }, { default: swagger }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
  ]);
  const copy: FastifyInstance = Fastify({ exposeHeadRoutes: false });
  try {
    await copy.register(swagger, swaggerOptions(publicUrl));
    for (const { method, url, config } of routes) copy.route({ method, url, config, handler: () => null });
    await copy.ready();
    return copy.swagger() as unknown as Json;
  } finally {
    await copy.close();
  }
}

/**
 * The API document, assembled by @fastify/swagger from the routes' own declarations (their
 * `config.api`): registered before the routes, this plugin sees each as it is added. A route without a
 * declaration (the console's files, the unknown-address answers, the audit log's refused writes) is
 * left out, and so is the HEAD of a read that takes a token. The document is built on the first
 * GET /api/openapi.json, then kept.
 */
const apiDocument: FastifyPluginAsync = async (app) => {
  const routes: RouteSeen[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    routes.push({ method, url, config });
  });
  let whole: Promise<Json> | undefined;
  const document = () =>
    (whole ??= buildDocument(routes, app.config.publicUrl).catch((error: unknown) => {
      whole = undefined; // the next request tries again
      throw error;
    }));

  // each audience's document is serialised once: it only changes when the server does
  const answers = new Map<string, Promise<{ body: string; etag: string }>>();
  const answerFor = (audience: string | undefined) => {
    const key = audience ?? 'all';
    let kept = answers.get(key);
    if (!kept) {
      kept = document().then((built) => {
        const body = JSON.stringify(audience === 'website' ? websiteDocument(built) : built);
        return { body, etag: contentEtag(body) };
      });
      kept.catch(() => answers.delete(key)); // the next request tries again
      answers.set(key, kept);
    }
    return kept;
  };
  app.get('/api/openapi.json', documented(documentApi), async (request, reply) => {
    const { audience } = parseQuery(documentQuery, request);
    const { body, etag } = await answerFor(audience);
    if (notModified(request, reply, etag)) return reply.send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
};

export default fp(apiDocument, { name: 'api-document' });
