import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiDocument } from './api-document.ts';

describe('the API description (issue 11 point 10)', () => {
  it('is a valid OpenAPI document by a maintained validator', async () => {
    const result = await new Validator().validate(await apiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
