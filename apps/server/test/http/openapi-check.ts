import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Checks every answer an API test receives against the API description: its
 * status is listed for the operation, and a JSON body matches that status's schema. Requests the
 * document does not describe (unknown addresses) must still answer `{ message, error }` under /api.
 */

type Json = Record<string, unknown>;
interface Operation {
  key: string;
  responses: Record<string, Json>;
}
interface PathMatcher {
  template: string;
  pattern: RegExp;
  operations: Map<string, Operation>;
}

const DOC_ID = 'bursary-openapi';
/** 500 is every route's possible failure; the document need not list it, but its body is still an error. */
const UNLISTED_ALLOWED = new Set([500]);

type Inject = (options: InjectOptions | string) => Promise<LightMyRequestResponse>;

let checker: Promise<ResponseChecker> | undefined;
/**
 * The one checker of the process: the document (the same for every app, as it comes from the
 * routes) is read from the first app checked, and each validator compiled once.
 */
const responseChecker = (inject: Inject) =>
  (checker ??= inject({ method: 'GET', url: '/api/openapi.json' }).then(
    (res) => new ResponseChecker(res.json() as Json),
  ));

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

export class ResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly paths: PathMatcher[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: DOC_ID, components: document.components }, DOC_ID);
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
    // an answer shared by many operations is written once under components.responses
    const shared = ((document.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
    const answerOf = (response: Json): Json =>
      typeof response.$ref === 'string' ? (shared[response.$ref.split('/').pop()!] ?? {}) : response;
    this.paths = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => {
      const operations = new Map<string, Operation>();
      for (const method of methods) {
        const operation = item[method] as { responses: Record<string, Json> } | undefined;
        if (operation)
          operations.set(method.toUpperCase(), {
            key: `${method.toUpperCase()} ${template}`,
            responses: Object.fromEntries(
              Object.entries(operation.responses).map(([status, response]) => [status, answerOf(response)]),
            ),
          });
      }
      const source = template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      return { template, pattern: new RegExp(`^${source}$`), operations };
    });
    // literal paths win over templated ones, as OpenAPI says
    this.paths.sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));
  }

  /** Why the answer disagrees with the document, or undefined when it agrees. */
  problem(method: string, url: string, res: LightMyRequestResponse): string | undefined {
    // the address as the router sees it: dot segments resolved (as inject does), a trailing slash ignored
    const path = new URL(url, 'http://localhost').pathname.replace(/(.)\/$/, '$1');
    const wanted = method === 'HEAD' ? 'GET' : method;
    const operation = this.paths.find((p) => p.pattern.test(path))?.operations.get(wanted);
    const status = res.statusCode;
    const where = `${operation ? operation.key : 'an address not in the document'} (requested ${method} ${url.slice(0, 80)})`;
    if (!operation) {
      if (!path.startsWith('/api') || status < 400) return undefined;
      return this.bodyProblem(where, status, res, this.validator('#/components/schemas/Error'), method);
    }
    const listed = operation.responses[String(status)];
    if (!listed) {
      if (UNLISTED_ALLOWED.has(status))
        return this.bodyProblem(where, status, res, this.validator('#/components/schemas/Error'), method);
      return `${where} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')}): ${res.body.slice(0, 200)}`;
    }
    const schema = (listed.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema;
    if (!schema) return undefined;
    return this.bodyProblem(where, status, res, this.validator(`${operation.key} ${status}`, schema), method);
  }

  private bodyProblem(
    where: string,
    status: number,
    res: LightMyRequestResponse,
    validate: ValidateFunction,
    method: string,
  ): string | undefined {
    if (method === 'HEAD') return undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (!type.startsWith('application/json'))
      return `${where} answered ${status} as ${type || 'no content type'}, not JSON`;
    let body: unknown;
    try {
      body = JSON.parse(decoded(res).toString('utf8'));
    } catch {
      return `${where} answered ${status} with a body that is not JSON`;
    }
    if (validate(body)) return undefined;
    const details = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return `${where} answered ${status} with a body the document does not describe: ${details.join('; ')}`;
  }

  private validator(key: string, schema?: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      // the response schemas' references point into the document's components, registered under DOC_ID
      const target = schema ?? { $ref: key };
      validate = this.ajv.compile(
        JSON.parse(JSON.stringify(target).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as Json,
      );
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function decoded(res: LightMyRequestResponse): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.rawPayload);
    case 'gzip':
      return gunzipSync(res.rawPayload);
    case 'deflate':
      return inflateSync(res.rawPayload);
    default:
      return res.rawPayload;
  }
}

/** The method and address of an inject call, whichever way the test spelled them. */
function requestLine(options: InjectOptions | string): { method: string; url: string } {
  if (typeof options === 'string') return { method: 'GET', url: options };
  const raw = options.url ?? options.path ?? '/';
  const url = typeof raw === 'string' ? raw : String(raw.pathname ?? '/');
  return { method: String(options.method ?? 'GET').toUpperCase(), url };
}

/**
 * Every answer `app.inject` (and so `injectAs`) gives a test is checked against the document; a
 * mismatch fails the test that received it, naming the operation, status and body path.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options?: InjectOptions | string, callback?: unknown) => unknown;
  const checked = async (options: InjectOptions | string) => {
    const res = await (inject(options) as Promise<LightMyRequestResponse>);
    const { method, url } = requestLine(options);
    const problem = (await responseChecker(inject as Inject)).problem(method, url, res);
    if (problem) throw new Error(`The answer disagrees with /api/openapi.json: ${problem}`);
    return res;
  };
  // the chained form (no options) and the callback form are left as they are: the tests use neither
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? inject(options, callback)
      : checked(options)) as FastifyInstance['inject'];
}
