import type { MediaItem } from '@bursary/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadedFileName } from '../../src/media/store.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { samplePng, storedImageUrl } from '../factories.ts';
import { multipartBody } from '../multipart.ts';

/**
 * An uploaded image keeps its file's own name, so that people know it by the name they gave it rather than by its
 * content address; images stored before names were kept, and those stored without one, list null.
 */
describe.each(dialects)('uploaded file names on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const upload = async (filename: string, seed: number) => {
    const form = multipartBody({
      university_name: `University ${seed}`,
      image: { filename, contentType: 'image/png', bytes: samplePng(seed) },
    });
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/disbursement-testimonials',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { image: string }).image;
  };
  const listed = async (url: string) => {
    const res = await t.injectAs({ method: 'GET', url: '/api/media?limit=100' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MediaItem[]).find((item) => url.endsWith(`/${item.name}`));
  };

  it('keeps the uploaded file’s name and lists it with the dimensions', async () => {
    const url = await upload('Campus open day.png', 31);
    expect(await listed(url)).toMatchObject({ file_name: 'Campus open day.png', width: expect.any(Number) as number });
  });

  it('keeps only the last part of a path, without control characters', async () => {
    const url = await upload('C:\\Users\\ama\\Pictures\\graduation\u0007.png', 32);
    expect((await listed(url))?.file_name).toBe('graduation.png');
  });

  it('lists null for an image stored without a name; the same bytes uploaded later take the name', async () => {
    const url = await storedImageUrl(t.db, 33);
    expect((await listed(url))?.file_name).toBeNull();
    const again = await upload('library.png', 33);
    expect(again).toBe(url);
    expect((await listed(url))?.file_name).toBe('library.png');
    // and a name once kept stays
    await upload('other name.png', 33);
    expect((await listed(url))?.file_name).toBe('library.png');
  });
});

describe('the kept file name', () => {
  it('is a label: no path, no control characters, at most 255 characters, nothing when blank', () => {
    expect(uploadedFileName('../../etc/passwd')).toBe('passwd');
    expect(uploadedFileName('  photo.jpg  ')).toBe('photo.jpg');
    expect(uploadedFileName('a\nb.png')).toBe('ab.png');
    expect(uploadedFileName(`${'x'.repeat(300)}.png`)).toHaveLength(255);
    expect(uploadedFileName('   ')).toBeUndefined();
    expect(uploadedFileName('folder/')).toBeUndefined();
    expect(uploadedFileName(undefined)).toBeUndefined();
  });
});
