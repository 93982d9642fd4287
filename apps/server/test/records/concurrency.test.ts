import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const logCount = async (t: TestApp, slug: string) =>
  (await t.db.selectFrom('logs').select('id').where('section', '=', slug).where('action', '=', 'update').execute())
    .length;

describe.each(dialects)('saves from one ETag on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  it('lets A win and gives B 412 with the current record, nothing changed, one log row', async () => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Who can apply?' } });
    const { id } = created.json() as { id: number };
    const etag = String(created.headers.etag);
    const a = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      payload: { title: 'A' },
      headers: { 'if-match': etag },
    });
    expect(a.statusCode).toBe(200);
    const b = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      payload: { title: 'B' },
      headers: { 'if-match': etag },
    });
    expect(b.statusCode).toBe(412);
    expect((b.json() as { current: { title: string } }).current.title).toBe('A');
    expect(await logCount(t, 'faqs')).toBe(1);
    const del = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}`, headers: { 'if-match': etag } });
    expect(del.statusCode).toBe(412);
  });

  it('of 50 parallel saves with one If-Match, exactly one wins and the version moves by one', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/milestones',
      payload: { title: 'Fund founded', date: '2010-05-01', description: 'x' },
    });
    const { id } = created.json() as { id: number };
    const etag = String(created.headers.etag);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        t.injectAs({
          method: 'PUT',
          url: `/api/milestones/${id}`,
          payload: { title: `Save ${n}` },
          headers: { 'if-match': etag },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const read = await t.app.inject({ method: 'GET', url: `/api/milestones/${id}` });
    expect(read.headers.etag).toBe(`"${id}-2"`);
    expect(await logCount(t, 'milestones')).toBe(1);
  });

  it('accepts writes without If-Match (the console sends none), and If-Match: *', async () => {
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Q' } });
    const { id } = created.json() as { id: number };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: `Q${n}` } }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const star = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}`,
      payload: { title: 'Star' },
      headers: { 'if-match': '*' },
    });
    expect(star.statusCode).toBe(200);
    expect(star.headers.etag).toBe(`"${id}-12"`);
  });

  it('answers a single-record section list with its record ETag and honours it on PUT without id', async () => {
    const first = await t.injectAs({ method: 'PUT', url: '/api/visions', payload: { title: 'Our vision' } });
    expect(first.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/visions' });
    const etag = String(list.headers.etag);
    expect(etag).toBe(first.headers.etag);
    expect(
      (
        await t.injectAs({
          method: 'PUT',
          url: '/api/visions',
          payload: { title: 'v2' },
          headers: { 'if-match': etag },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.injectAs({
          method: 'PUT',
          url: '/api/visions',
          payload: { title: 'v3' },
          headers: { 'if-match': etag },
        })
      ).statusCode,
    ).toBe(412);
  });
});
