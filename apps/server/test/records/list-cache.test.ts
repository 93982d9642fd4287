import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { preferredEncoding } from '../../src/lib/content-coding.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Faq = { id: number; title: string };

describe('Accept-Encoding negotiation of cached lists', () => {
  it('prefers br, then gzip, honours q=0 and takes none when none is offered', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe.each(dialects)('cached section lists on %s', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    // a second instance on the same database, as behind a load balancer (same file, or same schema)
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema
        : undefined;
    const db = await openDatabase(t.config, schema ? { searchPath: schema } : {});
    other = await buildApp({ config: t.config, db });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const list = async (app: FastifyInstance = t.app, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/api/faqs', headers });
    return { res, faqs: res.statusCode === 200 ? (res.json() as Faq[]) : [], etag: String(res.headers.etag) };
  };
  const titles = (faqs: Faq[]) => faqs.map((f) => f.title);

  it('answers the list with a strong ETag and 304 to a client holding it', async () => {
    const first = await list();
    expect(first.res.statusCode).toBe(200);
    expect(first.etag).toMatch(/^"l-/);
    expect(first.res.headers['x-total-count']).toBe('0');
    const again = await list(t.app, { 'if-none-match': first.etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.body).toBe('');
    expect(again.res.headers.etag).toBe(first.etag);
    expect((await list(t.app, { 'if-none-match': `W/${first.etag}` })).res.statusCode).toBe(304);
    expect((await list(t.app, { 'if-none-match': '"l-other"' })).res.statusCode).toBe(200);
  });

  it('is fresh after every kind of write, and an old tag gets the new list', async () => {
    const before = await list();
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Who can apply?' } });
    const { id } = created.json() as Faq;
    const afterCreate = await list(t.app, { 'if-none-match': before.etag });
    expect(afterCreate.res.statusCode).toBe(200);
    expect(titles(afterCreate.faqs)).toEqual(['Who can apply?']);
    expect(afterCreate.res.headers['x-total-count']).toBe('1');

    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Who may apply?' } });
    const afterUpdate = await list(t.app, { 'if-none-match': afterCreate.etag });
    expect(titles(afterUpdate.faqs)).toEqual(['Who may apply?']);
    expect(afterUpdate.etag).not.toBe(afterCreate.etag);

    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    const afterDelete = await list(t.app, { 'if-none-match': afterUpdate.etag });
    expect(afterDelete.res.statusCode).toBe(200);
    expect(afterDelete.faqs).toEqual([]);
    // the same bytes as before the writes: the same tag, so a client holding it may keep its copy
    expect(afterDelete.etag).toBe(before.etag);
  });

  it('leaves the list as it was after a refused write', async () => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Kept' } });
    const { id } = created.json() as Faq;
    const before = await list();
    const stale = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      headers: { 'if-match': '"0-0"' },
      payload: { title: 'Lost' },
    });
    expect(stale.statusCode).toBe(412);
    const after = await list(t.app, { 'if-none-match': before.etag });
    expect(after.res.statusCode).toBe(304);
  });

  it('sees a change written straight into the database, as by another process', async () => {
    const before = await list();
    const now = new Date().toISOString();
    await sql`insert into faqs (title, version, created_at, updated_at) values (${'Written elsewhere'}, 1, ${now}, ${now})`.execute(
      t.db,
    );
    const after = await list();
    expect(titles(after.faqs)[0]).toBe('Written elsewhere');
    expect(after.etag).not.toBe(before.etag);
  });

  it('serves a write acknowledged by one instance at once from the other', async () => {
    await list(other); // the other instance holds the list in its cache
    for (let n = 0; n < 5; n++) {
      const created = await t.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: `Seen everywhere ${n}` },
      });
      expect(created.statusCode).toBe(201);
      expect(titles((await list(other)).faqs)[0]).toBe(`Seen everywhere ${n}`);
    }
    const { id } = (await list(other)).faqs[0] as Faq;
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Edited on the first' } });
    expect(titles((await list(other)).faqs)[0]).toBe('Edited on the first');
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}` });
    expect(titles((await list(other)).faqs)).not.toContain('Edited on the first');
    expect((await list(other)).etag).toBe((await list()).etag);
  });

  it('keeps a single-record section on its record tag through record and sub-item writes', async () => {
    const read = async (app: FastifyInstance = t.app) => {
      const res = await app.inject({ method: 'GET', url: '/api/steps' });
      return { res, record: (res.json() as Record<string, unknown>[])[0], etag: String(res.headers.etag) };
    };
    const put = await t.injectAs({ method: 'PUT', url: '/api/steps', payload: { title: 'How it works' } });
    expect((await read()).etag).toBe(put.headers.etag);
    await read(other);
    const added = await t.injectAs({ method: 'POST', url: '/api/steps/sub', payload: { step: 'Apply online' } });
    expect(added.statusCode).toBe(201);
    for (const app of [t.app, other]) {
      const after = await read(app);
      expect(after.etag).toBe(added.headers.etag);
      expect(after.record?.steps).toEqual([expect.objectContaining({ step: 'Apply online' })]);
    }
    const edited = await t.injectAs({
      method: 'PUT',
      url: '/api/steps/sub-edit',
      headers: { 'if-match': String(added.headers.etag) },
      payload: { steps: [{ step: 'Apply' }] },
    });
    expect(edited.statusCode).toBe(200);
    const steps = (edited.json() as { steps: { id: number }[] }).steps;
    expect((await read(other)).record?.steps).toEqual(steps);
    expect(steps).toContainEqual(expect.objectContaining({ step: 'Apply' }));
    for (const item of steps)
      expect((await t.injectAs({ method: 'DELETE', url: `/api/steps/sub/${item.id}` })).statusCode).toBe(200);
    const emptied = await read(other);
    expect(emptied.record?.steps).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/steps', headers: { 'if-none-match': emptied.etag } })).statusCode,
    ).toBe(304);
  });

  it('sends the same list compressed when the client accepts br or gzip, and says it varies', async () => {
    for (let n = 0; n < 20; n++)
      await t.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: `Question number ${n} about repayment` },
      });
    const plain = await list();
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.res.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.res.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/api/faqs', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.res.body);
    expect(br.headers.etag).toBe(plain.etag);
  });

  it('gives pages the exact total, kept by the row counter through every kind of write', async () => {
    const total = async () =>
      Number((await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' })).headers['x-total-count']);
    const counted = async () =>
      Number(
        (
          (await t.db
            .selectFrom('faqs' as never)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()) as { n: number }
        ).n,
      );
    expect(await total()).toBe(await counted());
    const created = (
      await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Counted' } })
    ).json() as Faq;
    expect(await total()).toBe(await counted());
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${created.id}` });
    await sql`delete from faqs where title like ${'Together%'}`.execute(t.db);
    expect(await total()).toBe(await counted());
    const now = new Date().toISOString();
    await sql`insert into faqs (title, version, created_at, updated_at) values (${'a'}, 1, ${now}, ${now}), (${'b'}, 1, ${now}, ${now})`.execute(
      t.db,
    );
    expect(await total()).toBe(await counted());
  });

  it('leaves searches and pages to the database, always fresh', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/faqs?limit=2' });
    expect(page.json()).toHaveLength(2);
    await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Newest of all' } });
    expect(titles((await t.app.inject({ method: 'GET', url: '/api/faqs?limit=1' })).json() as Faq[])).toEqual([
      'Newest of all',
    ]);
  });
});
