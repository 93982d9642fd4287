import { beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';

const PUBLIC_URL = 'https://cms.fund.example';
const heroes = sections.find((section) => section.slug === 'heroes')!;

describe.each(dialects)('PUBLIC_URL on %s', (dialect) => {
  let t: TestApp;
  let id: number;
  let relative: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { publicUrl: PUBLIC_URL } });
    relative = await storedImageUrl(t.db);
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/heroes',
      payload: sampleRecord(heroes, 1, relative),
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as { image: string }).image).toBe(`${PUBLIC_URL}${relative}`);
    id = (created.json() as { id: number }).id;
  });

  it('gives every read the full address of its media', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/heroes' });
    expect((list.json() as { image: string }[])[0]?.image).toBe(`${PUBLIC_URL}${relative}`);
    const searched = await t.app.inject({ method: 'GET', url: '/api/heroes?limit=5' });
    expect((searched.json() as { image: string }[])[0]?.image).toBe(`${PUBLIC_URL}${relative}`);
    const one = await t.app.inject({ method: 'GET', url: `/api/heroes/${id}` });
    expect((one.json() as { image: string }).image).toBe(`${PUBLIC_URL}${relative}`);
    const staff = await t.injectAs({ method: 'GET', url: '/api/heroes?status=all' });
    expect((staff.json() as { image: string }[])[0]?.image).toBe(`${PUBLIC_URL}${relative}`);
  });

  it('takes back the full address it gave and stores the relative one', async () => {
    const read = await t.injectAs({ method: 'GET', url: `/api/heroes/${id}` });
    const { image, description } = read.json() as Record<string, unknown>;
    expect(image).toBe(`${PUBLIC_URL}${relative}`);
    const saved = await t.injectAs({
      method: 'PUT',
      url: `/api/heroes/${id}`,
      payload: { title: 'Again', description, image },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db
      .selectFrom('revisions')
      .select('record')
      .where('section', '=', 'heroes')
      .where('record_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(stored.record) as { image: string }).image).toBe(relative);
  });

  it('still refuses an image that is not this server’s', async () => {
    const saved = await t.injectAs({
      method: 'PUT',
      url: `/api/heroes/${id}`,
      payload: { image: 'https://elsewhere.example/media/evil.png' },
    });
    expect(saved.statusCode).toBe(400);
  });
});

describe('without PUBLIC_URL', () => {
  it('answers media addresses relative to the server, as stored', async () => {
    const t = await buildTestApp();
    const relative = await storedImageUrl(t.db);
    await t.injectAs({ method: 'POST', url: '/api/heroes', payload: sampleRecord(heroes, 1, relative) });
    const list = await t.app.inject({ method: 'GET', url: '/api/heroes' });
    expect((list.json() as { image: string }[])[0]?.image).toBe(relative);
  });
});
