import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { ResponseChecker } from './openapi-check.ts';
import { apiDocument } from './api-document.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a document edited by path in a test

/** The checker every API test runs through must itself be able to fail: shown on a doctored document. */
describe('checking answers against the API description', () => {
  let t: TestApp;
  let document: Json;
  const buildOpenApi = () => structuredClone(document);
  beforeAll(async () => {
    t = await buildTestApp();
    document = await apiDocument();
  });

  it('agrees with the real document on a read, a 404 and an unknown address', async () => {
    const checker = new ResponseChecker(buildOpenApi());
    for (const url of ['/api/faqs', '/api/faqs/999', '/api/nothing-here']) {
      expect(checker.problem('GET', url, await t.app.inject({ method: 'GET', url })), url).toBeUndefined();
    }
  });

  it('names the operation and the status the document does not list', async () => {
    const doc = buildOpenApi() as Json;
    delete doc.paths['/api/faqs/{id}'].get.responses['404'];
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs/999' });
    expect(new ResponseChecker(doc).problem('GET', '/api/faqs/999', res)).toMatch(
      /^GET \/api\/faqs\/\{id\} \(requested GET \/api\/faqs\/999\) answered 404, which the document does not list/,
    );
  });

  it('names the body path that does not match the schema', async () => {
    const doc = buildOpenApi() as Json;
    doc.components.schemas.Error.properties.message = { type: 'integer' };
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs/999' });
    expect(new ResponseChecker(doc).problem('GET', '/api/faqs/999', res)).toMatch(
      /answered 404 with a body the document does not describe: \/message must be integer/,
    );
  });

  it('wants { message, error } from an address the document does not describe', async () => {
    const doc = buildOpenApi() as Json;
    doc.components.schemas.Error.required.push('fields');
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(new ResponseChecker(doc).problem('GET', '/api/nothing-here', res)).toMatch(
      /an address not in the document .* answered 404 with a body the document does not describe: \(body\) must have required property 'fields'/,
    );
  });
});
