import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import { apiDocument } from './api-document.ts';

describe('the API description', () => {
  it('is a valid OpenAPI document by a maintained validator', async () => {
    const result = await new Validator().validate(await apiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the API and of the media, each from its own declaration', async () => {
    const t = await buildTestApp({ signIn: false });
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const described = new Set(
        Object.entries(document.paths).flatMap(([path, item]) =>
          Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
        ),
      );
      const undescribed = t.app.routeTable
        .filter((route) => route.method !== 'HEAD' && /^\/(api|media)\//.test(route.url))
        // the audit log's wildcard write route is described under /api/logs/{id}
        .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{id}')}`)
        .filter((line) => !described.has(line));
      expect(undescribed).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
