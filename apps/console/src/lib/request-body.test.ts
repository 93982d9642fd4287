import { describe, expect, it } from 'vitest';
import { toRequestBody } from './request-body';

describe('toRequestBody', () => {
  it('sends JSON when no file is present', () => {
    const values = { title: 'T', description: null };
    expect(toRequestBody(values)).toEqual({ json: values });
  });

  it('sends multipart with every non-null field when an image file is present', () => {
    const image = new File(['png'], 'logo.png', { type: 'image/png' });
    const body = toRequestBody({ university_name: 'Uni', image, note: null, gone: undefined, rank: 3 });
    expect(body.json).toBeUndefined();
    const form = body.formData as FormData;
    expect([...form.keys()].sort()).toEqual(['image', 'rank', 'university_name']);
    expect(form.get('university_name')).toBe('Uni');
    expect(form.get('rank')).toBe('3');
    expect((form.get('image') as File).name).toBe('logo.png');
  });
});
