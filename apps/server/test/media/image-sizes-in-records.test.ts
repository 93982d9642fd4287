import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';

type Body = Record<string, unknown>;

describe.each(dialects)('image sizes and focal points in record answers on %s', (dialect) => {
  let t: TestApp;
  let image: string;
  let withImage: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    image = await storedImageUrl(t.db, 31);
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/success-stories',
      payload: { student_name: 'Ama', date: '2024-03-04', image, image_alt: 'Ama on stage' },
    });
    expect(created.statusCode, created.body).toBe(201);
    withImage = created.json<{ id: number }>().id;
    const bare = await t.injectAs({ method: 'PUT', url: '/api/heroes', payload: { title: 'Welcome' } });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  const publicReads = async (): Promise<Body[]> => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/success-stories' })).json<Body[]>();
    const page = (await t.app.inject({ method: 'GET', url: '/api/success-stories?limit=10' })).json<Body[]>();
    const one = (await t.app.inject({ method: 'GET', url: `/api/success-stories/${withImage}` })).json<Body>();
    return [list.find((r) => r.id === withImage)!, page.find((r) => r.id === withImage)!, one];
  };

  it("answers each image's pixels and focal point beside its field, in every read", async () => {
    for (const record of await publicReads())
      expect(record).toMatchObject({
        image,
        image_alt: 'Ama on stage',
        image_width: 8,
        image_height: 8,
        image_focal_x: 0.5,
        image_focal_y: 0.5,
      });
    // a hero without an image
    const [bare] = (await t.app.inject({ method: 'GET', url: '/api/heroes' })).json<Body[]>();
    expect(bare).toMatchObject({
      image_width: null,
      image_height: null,
      image_focal_x: null,
      image_focal_y: null,
    });
  });

  it('answers a moved focal point at once, the cached list included', async () => {
    await publicReads();
    const name = image.slice('/media/'.length);
    const patched = await t.injectAs({
      method: 'PATCH',
      url: `/api/media/${name}`,
      payload: { focal_x: 0.25, focal_y: 0.75 },
    });
    expect(patched.statusCode, patched.body).toBeLessThan(300);
    for (const record of await publicReads())
      expect(record).toMatchObject({ image_focal_x: 0.25, image_focal_y: 0.75 });
  });

  it('documents the fields in the API document, and /media/{file} as a binary image', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    const record = doc.components.schemas['Record.success-stories'];
    for (const field of ['image_width', 'image_height', 'image_focal_x', 'image_focal_y'])
      expect(record?.properties, field).toHaveProperty(field);
    const media = doc.paths['/media/{file}']?.get?.responses['200']?.content;
    expect(media).toEqual({ 'image/*': { schema: { type: 'string', format: 'binary' } } });
  });
});
