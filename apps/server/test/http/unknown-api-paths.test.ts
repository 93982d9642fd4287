import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../helper.ts';

const NO_SUCH_ADDRESS = {
  message: 'This address does not exist in the API. The routes are listed at /api/openapi.json.',
  error: 'Not Found',
};

/** An unknown API path is a 404 whatever its method, headers and body. */
describe('unknown API paths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ config: { bodyMaxBytes: 1024 } });
  });

  const requests: [string, InjectOptions][] = [
    [
      'a read with a content type',
      { method: 'GET', url: '/api/site-stats', headers: { 'content-type': 'application/json' } },
    ],
    [
      'a read with an unsupported content type',
      { method: 'GET', url: '/api/site-stats', headers: { 'content-type': 'application/xml' } },
    ],
    ['a read of an unknown first segment', { method: 'GET', url: '/api/nope/1' }],
    ['a read under a known prefix', { method: 'GET', url: '/api/faqs/1/anything' }],
    [
      'a text body',
      { method: 'POST', url: '/api/site-stats', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    ],
    [
      'an unsupported content type',
      { method: 'PUT', url: '/api/site-stats', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    ],
    [
      'a malformed JSON body',
      {
        method: 'POST',
        url: '/api/site-stats',
        headers: { 'content-type': 'application/json' },
        payload: '{"title":',
      },
    ],
    [
      'a body past the size limit',
      {
        method: 'POST',
        url: '/api/site-stats',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(10_000) }),
      },
    ],
    [
      'a broken form',
      {
        method: 'PATCH',
        url: '/api/nope',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: 'not a form',
      },
    ],
    ['a delete', { method: 'DELETE', url: '/api/nope/1' }],
  ];

  it.each(requests)('answers %s with a token by 404 "This address does not exist…"', async (_, options) => {
    const res = await t.injectAs(options);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NO_SUCH_ADDRESS);
  });

  it('keeps writes to unknown paths closed without a token (401), and reads a plain 404', async () => {
    for (const [, options] of requests) {
      const res = await t.app.inject(options);
      const isRead = options.method === 'GET';
      expect(res.statusCode, `${options.method} ${options.url}`).toBe(isRead ? 404 : 401);
      if (isRead) expect(res.json()).toEqual(NO_SUCH_ADDRESS);
    }
  });
});
