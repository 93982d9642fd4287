import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { timestampKeys } from '../../src/db/naming.ts';
import { buildTestApp, dialects, TEST_USERNAME, type TestApp } from '../helper.ts';
import { requiredOnCreate, sampleRecord, storedImageUrl, textField } from '../factories.ts';

type Body = Record<string, unknown>;

async function lastLog(t: TestApp, slug: string) {
  return t.db.selectFrom('logs').selectAll().where('section', '=', slug).orderBy('id', 'desc').executeTakeFirst();
}

const countLogs = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(dialects)('section CRUD on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });

  describe.each(sections.map((s) => [s.slug, s] as const))('%s', (slug, section: SectionDef) => {
    const base = `/api/${slug}`;
    const keys = timestampKeys(section);
    let id = 0;
    let etag = '';
    let body: Body = {};

    it('creates a record: 201, its fields, id, timestamps, ETag, and a log row', async () => {
      body = sampleRecord(section, 1, imageUrl);
      const res = await t.injectAs({ method: 'POST', url: base, payload: body });
      expect(res.statusCode).toBe(201);
      const record = res.json() as Body;
      expect(record).toMatchObject(body);
      expect(record.id).toEqual(expect.any(Number));
      expect(record[keys.created]).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      expect(record[keys.updated]).toBe(record[keys.created]);
      if (section.subItems) expect(record[section.subItems.field]).toEqual([]);
      id = record.id as number;
      etag = String(res.headers.etag);
      expect(etag).toMatch(/^"\d+-1"$/);
      const log = await lastLog(t, slug);
      expect(log).toMatchObject({ action: 'create', record_id: id, username: TEST_USERNAME });
      expect(log?.content).toMatch(new RegExp(`^${section.singular} .* created$`));
    });

    it('reads the record by id with the same ETag', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${base}/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(etag);
      expect(res.json()).toMatchObject({ id, ...body });
      const again = await t.app.inject({ method: 'GET', url: `${base}/${id}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    });

    it('lists it and finds it with a case-insensitive search, total in X-Total-Count', async () => {
      const list = await t.app.inject({ method: 'GET', url: base });
      expect(list.statusCode).toBe(200);
      expect((list.json() as Body[]).map((r) => r.id)).toContain(id);
      expect(list.headers['x-total-count']).toBe('1');
      const field = textField(section);
      const needle = String(body[field])
        .replace(/<[^>]*>/g, '')
        .slice(0, 12)
        .toUpperCase();
      const found = await t.app.inject({ method: 'GET', url: base, query: { q: needle } });
      expect((found.json() as Body[]).map((r) => r.id)).toEqual([id]);
      const none = await t.app.inject({ method: 'GET', url: base, query: { q: 'no such words 100%_' } });
      expect(none.json()).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
      if (section.kind === 'single') expect(list.headers.etag).toBe(etag);
    });

    it('updates the record: 200, new values, a new ETag, a log row', async () => {
      const field = textField(section);
      const changed = sampleRecord(section, 2, imageUrl)[field];
      const res = await t.injectAs({
        method: 'PUT',
        url: `${base}/${id}`,
        payload: { [field]: changed },
        headers: { 'if-match': etag },
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Body)[field]).toBe(changed);
      expect(res.headers.etag).toBe(`"${id}-2"`);
      const log = await lastLog(t, slug);
      expect(log).toMatchObject({ action: 'update', record_id: id });
      etag = String(res.headers.etag);
      body = { ...body, [field]: changed };
    });

    it('refuses a stale or weak If-Match with 412 and the current record, changing nothing', async () => {
      const field = textField(section);
      const logsBefore = await countLogs(t);
      for (const ifMatch of [`"${id}-1"`, `W/${etag}`]) {
        const res = await t.injectAs({
          method: 'PUT',
          url: `${base}/${id}`,
          payload: { [field]: 'lost edit' },
          headers: { 'if-match': ifMatch },
        });
        expect(res.statusCode).toBe(412);
        const answer = res.json() as { message: string; error: string; current: Body };
        expect(answer.error).toBe('Precondition Failed');
        expect(answer.current).toMatchObject({ id, [field]: body[field] });
      }
      expect(await countLogs(t)).toBe(logsBefore);
      const read = await t.app.inject({ method: 'GET', url: `${base}/${id}` });
      expect(read.headers.etag).toBe(etag);
    });

    it('refuses a body without its required fields with 400 naming each', async () => {
      const required = requiredOnCreate(section);
      expect(required.length).toBeGreaterThan(0);
      const res = await t.injectAs({ method: 'POST', url: base, payload: {} });
      expect(res.statusCode).toBe(400);
      const answer = res.json() as { message: string; error: string; fields: { path: string; message: string }[] };
      expect(answer.error).toBe('Bad Request');
      expect(answer.fields.map((f) => f.path).sort()).toEqual([...required].sort());
      expect(answer.fields[0]?.message).toMatch(/ is required$/);
    });

    it('refuses server-owned and unknown fields, storing nothing', async () => {
      const before = await countLogs(t);
      for (const extra of [
        { id: 999 },
        { [keys.created]: '2020-01-01T00:00:00Z' },
        { version: 7 },
        { not_a_field: 'x' },
      ]) {
        const res = await t.injectAs({ method: 'PUT', url: `${base}/${id}`, payload: { ...extra } });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { fields: { path: string }[] }).fields[0]?.path).toBe(Object.keys(extra)[0]);
      }
      expect(await countLogs(t)).toBe(before);
    });

    it('answers 404 for a missing id and 400 for a malformed one', async () => {
      for (const missing of ['999999', '2147483648', '99999999999999999999']) {
        const res = await t.app.inject({ method: 'GET', url: `${base}/${missing}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 'Not Found' });
      }
      for (const bad of ['abc', '-1', '1.5', '0x10', '%2e%2e%2f']) {
        const res = await t.app.inject({ method: 'GET', url: `${base}/${bad}` });
        expect([400, 404]).toContain(res.statusCode);
        expect(Object.keys(res.json() as Body).sort()).toEqual(['error', 'message']);
      }
      const put = await t.injectAs({ method: 'PUT', url: `${base}/999999`, payload: {} });
      expect(put.statusCode).toBe(404);
    });

    if (section.kind === 'single') {
      it('refuses a second create with 409 and says to edit the record', async () => {
        const res = await t.injectAs({ method: 'POST', url: base, payload: sampleRecord(section, 3, imageUrl) });
        expect(res.statusCode).toBe(409);
        expect((res.json() as { message: string }).message).toMatch(/already has its record.*[Ee]dit/);
      });

      it('updates the one record with PUT and no id', async () => {
        const field = textField(section);
        const res = await t.injectAs({ method: 'PUT', url: base, payload: { [field]: 'Saved without an id' } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id, [field]: 'Saved without an id' });
        etag = String(res.headers.etag);
      });
    }

    it('deletes the record: 200 with a message, a log row, then 404', async () => {
      const res = await t.injectAs({ method: 'DELETE', url: `${base}/${id}`, headers: { 'if-match': etag } });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { message: string }).message).toMatch(/deleted\.$/);
      expect(await lastLog(t, slug)).toMatchObject({ action: 'delete', record_id: id });
      expect((await t.app.inject({ method: 'GET', url: `${base}/${id}` })).statusCode).toBe(404);
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(404);
    });

    if (section.kind === 'single') {
      it('creates the record with PUT and no id when the section is empty (200)', async () => {
        const res = await t.injectAs({ method: 'PUT', url: `${base}/`, payload: sampleRecord(section, 4, imageUrl) });
        expect(res.statusCode).toBe(200);
        const list = await t.app.inject({ method: 'GET', url: base });
        expect(list.json()).toHaveLength(1);
        expect(await lastLog(t, slug)).toMatchObject({ action: 'create' });
      });
    }
  });

  it('answers an unknown section like any unknown address: 404 "This address does not exist…"', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/nope/1'],
      ['POST', '/api/nope'],
      ['PUT', '/api/nope/1'],
    ] as const) {
      const res = await t.injectAs({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'This address does not exist in the API. The routes are listed at /api/openapi.json.',
        error: 'Not Found',
      });
    }
  });

  it('lists collections newest first and pages them with limit and offset', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const res = await t.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: `Paged question ${n}`, description: '<p>a</p>' },
      });
      ids.push((res.json() as { id: number }).id);
    }
    const all = await t.app.inject({ method: 'GET', url: '/api/faqs', query: { q: 'paged question' } });
    expect((all.json() as Body[]).map((r) => r.id)).toEqual([...ids].reverse());
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/faqs',
      query: { q: 'paged question', limit: '1', offset: '1' },
    });
    expect((page.json() as Body[]).map((r) => r.id)).toEqual([ids[1]]);
    expect(page.headers['x-total-count']).toBe('3');
    for (const bad of ['limit=0', 'limit=x', 'offset=-1', 'limit=1001']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/faqs?${bad}` })).statusCode).toBe(400);
    }
    const repeated = await t.app.inject({ method: 'GET', url: '/api/faqs?q=a&q=b' });
    expect(repeated.statusCode).toBe(400);
  });
});
