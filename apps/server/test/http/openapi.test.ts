import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a document read by path in a test

const METHODS = ['get', 'head', 'put', 'post', 'patch', 'delete'];
const operations = (document: Json) =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      line: `${method.toUpperCase()} ${path}`,
      ...(item[method] as { operationId: string; security: Json[]; responses: Json }),
    })),
  );
const headersOf = (document: Json, answer: Json): string[] =>
  Object.keys((answer.$ref ? document.components.responses[answer.$ref.split('/').pop()] : answer).headers ?? {});

describe('the API description', () => {
  let t: TestApp;
  let document: Json;
  let website: Json;
  beforeAll(async () => {
    t = await buildTestApp({ signIn: false });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    website = (await t.app.inject({ method: 'GET', url: '/api/openapi.json?audience=website' })).json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI document by a maintained validator, whole and for a website', async () => {
    for (const part of [document, website]) {
      const result = await new Validator().validate(structuredClone(part));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it("describes every route of the API and of the media from its own declaration, and the public reads' HEADs", () => {
    const described = new Set(operations(document).map((operation) => operation.line));
    const undescribed = t.app.routeTable
      .filter((route) => /^\/(api|media)\//.test(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{id}')}`)
      .filter((line) => !described.has(line));
    // the audit log's writes only ever refuse; a HEAD is described where its GET is public
    const left = undescribed.filter((line) => !line.startsWith('HEAD '));
    expect(left).toEqual(
      ['/api/logs', '/api/logs/{id}'].flatMap((path) => ['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => `${m} ${path}`)),
    );
    const publicGets = operations(document).filter(
      (o) => o.line.startsWith('GET ') && !o.security.some((s) => s.bearer && o.security.length === 1),
    );
    for (const get of publicGets) expect(described, get.line).toContain(get.line.replace(/^GET/, 'HEAD'));
    expect(described).toContain('HEAD /api/faqs');
    expect(described).toContain('HEAD /media/{file}');
    expect(described).not.toContain('HEAD /api/logs');
    expect(described).not.toContain('HEAD /api/me');
  });

  it('names every operation once, by a verb and what it acts on', () => {
    const ids = operations(document).map((operation) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z]+[A-Z][A-Za-z]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const named = Object.fromEntries(operations(document).map((operation) => [operation.line, operation.operationId]));
    expect(named).toMatchObject({
      'GET /api/faqs': 'listFaqs',
      'HEAD /api/faqs': 'headFaqs',
      'GET /api/faqs/{id}': 'getFaq',
      'POST /api/faqs': 'createFaq',
      'PUT /api/faqs/{id}': 'updateFaq',
      'DELETE /api/faqs/{id}': 'deleteFaq',
      'POST /api/faqs/{id}/publish': 'publishFaq',
      'POST /api/faqs/{id}/unpublish': 'unpublishFaq',
      'PUT /api/faqs/{id}/changes': 'saveFaqChanges',
      'PUT /api/faqs/{id}/schedule': 'scheduleFaq',
      'GET /api/faqs/{id}/revisions': 'listFaqRevisions',
      'GET /api/success-stories/{id}': 'getSuccessStory',
      'GET /api/heroes/{id}': 'getHero',
      'GET /api/content': 'listContent',
      'GET /api/content/{id}': 'getContentItem',
      'PUT /api/stakeholders': 'replaceStakeholdersSection',
      'PUT /api/stakeholders/{id}': 'updateStakeholder',
      'POST /api/stakeholders/publish': 'publishStakeholdersSection',
      'POST /api/stakeholders/{id}/publish': 'publishStakeholder',
      'POST /api/stakeholders/sub': 'addStakeholdersItem',
      'GET /media/{file}': 'getMediaFile',
      'POST /api/login': 'signIn',
    });
  });

  it('declares who may call each operation: public reads none or a token, the rest the bearer token', () => {
    const bearer = [{ bearer: [] }];
    const byLine = Object.fromEntries(operations(document).map((operation) => [operation.line, operation.security]));
    expect(operations(document).filter((operation) => !Array.isArray(operation.security))).toEqual([]);
    expect(byLine['GET /media/{file}']).toEqual([]);
    expect(byLine['POST /api/login']).toEqual([]);
    expect(byLine['GET /api/faqs']).toEqual([{}, ...bearer]);
    expect(byLine['POST /api/faqs']).toEqual(bearer);
    expect(byLine['GET /api/logs']).toEqual(bearer);
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it("documents the headers a website's cache and client read", () => {
    const item = (path: string) => document.paths[path];
    expect(headersOf(document, item('/api/faqs').get.responses['200'])).toEqual(
      expect.arrayContaining(['ETag', 'Cache-Control', 'CDN-Cache-Control', 'Vary', 'X-Total-Count']),
    );
    expect(headersOf(document, item('/api/faqs').head.responses['200'])).toEqual(
      expect.arrayContaining(['ETag', 'Cache-Control', 'Vary', 'X-Total-Count']),
    );
    expect(item('/api/faqs').head.responses['200'].content).toBeUndefined();
    expect(headersOf(document, item('/api/faqs/{id}').get.responses['304'])).toEqual(
      expect.arrayContaining(['ETag', 'Cache-Control', 'Vary']),
    );
    expect(headersOf(document, item('/api/faqs/{id}').get.responses['404'])).toEqual(
      expect.arrayContaining(['Cache-Control', 'Vary']),
    );
    expect(headersOf(document, item('/api/faqs').post.responses['201'])).toEqual(['ETag', 'Location']);
  });

  it('types the current version a 412 carries as what the call answers, so a client can read it', () => {
    const schemaOf = (answer: Json): Json => {
      const response = answer.$ref ? document.components.responses[answer.$ref.split('/').pop()] : answer;
      const schema = response.content['application/json'].schema;
      return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
    };
    const cases: [string, string, string][] = [
      ['/api/faqs/{id}', 'put', 'Record.faqs'],
      ['/api/faqs/{id}', 'delete', 'Record.faqs'],
      ['/api/faqs/{id}/translations/{code}', 'delete', 'Record.faqs'],
      ['/api/faqs/{id}/changes', 'put', 'Changes.faqs'],
      ['/api/steps/sub/{id}', 'delete', 'Record.steps'],
    ];
    for (const [path, method, current] of cases) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const body = schemaOf(operation.responses['412']);
      expect(body.required, `${method} ${path}`).toEqual(['message', 'error', 'current']);
      expect(body.properties.current.anyOf, `${method} ${path}`).toEqual([
        { $ref: `#/components/schemas/${current}` },
        { type: 'null' },
      ]);
    }
    // the document's own answer is an object a client may read, not an empty one
    expect(document.paths['/api/openapi.json'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      additionalProperties: true,
    });
  });

  it('lists only headers the public reads really send', async () => {
    for (const [method, url, path] of [
      ['GET', '/api/faqs', '/api/faqs'],
      ['HEAD', '/api/faqs?limit=5', '/api/faqs'],
      ['GET', '/api/faqs/999', '/api/faqs/{id}'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      const answer = document.paths[path][method.toLowerCase()].responses[String(res.statusCode)];
      const sent = Object.keys(res.headers).map((name) => name.toLowerCase());
      const missing = headersOf(document, answer).filter((name) => !sent.includes(name.toLowerCase()));
      expect(missing, `${method} ${url} ${res.statusCode}`).toEqual([]);
    }
  });

  it('answers the public reads alone, with only the components they use, for audience=website', () => {
    const lines = operations(website).map((operation) => operation.line);
    expect(lines).toContain('GET /api/faqs');
    expect(lines).toContain('GET /api/faqs/{id}');
    expect(lines).toContain('GET /media/{file}');
    expect(lines.filter((line) => !line.startsWith('GET '))).toEqual([]);
    expect(operations(website).filter((o) => o.security.length > 0 && !o.security.some((s) => !s.bearer))).toEqual([]);
    expect(Object.keys(website.components.schemas)).toContain('Record.faqs');
    expect(Object.keys(website.components.schemas)).not.toContain('Revision.faqs');
    expect(Object.keys(website.components.responses)).not.toContain('Conflict');
    // a website's client needs a small part of the whole
    expect(JSON.stringify(website).length).toBeLessThan(JSON.stringify(document).length * 0.2);
  });

  it("names the website's address as the server when PUBLIC_URL is set", async () => {
    const other = await buildTestApp({ signIn: false, config: { publicUrl: 'https://cms.fund.example' } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/openapi.json?audience=website' });
      expect(res.json().servers).toEqual([expect.objectContaining({ url: 'https://cms.fund.example' })]);
    } finally {
      await other.close();
    }
  });

  it('refuses an audience it does not know, with what it takes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json?audience=console' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'audience must be "website" (the reads a website makes), or left out for the whole document.',
    );
  });
});
