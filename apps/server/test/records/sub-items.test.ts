import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';

type Item = { id: number } & Record<string, unknown>;
const withSubItems = sections.filter((s) => s.subItems).map((s) => [s.slug, s] as const);

describe.each(dialects)('sub-items on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });

  describe.each(withSubItems)('%s', (slug, section: SectionDef) => {
    const sub = section.subItems!;
    const base = `/api/${slug}`;
    const list = async () => {
      const res = await t.app.inject({ method: 'GET', url: base });
      const [record] = res.json() as Record<string, unknown>[];
      return { items: (record?.[sub.field] ?? []) as Item[], etag: String(res.headers.etag) };
    };
    const texts = (items: Item[]) => items.map((i) => i[sub.itemKey]);
    const logs = async () =>
      await t.db
        .selectFrom('logs')
        .select(['action', 'content'])
        .where('section', '=', slug)
        .orderBy('id', 'desc')
        .execute();

    it('refuses an item before the section has its record: 409, set up first', async () => {
      for (const [method, url, payload] of [
        ['POST', `${base}/sub`, { [sub.itemKey]: 'early' }],
        ['PUT', `${base}/sub-edit/`, { [sub.field]: [] }],
      ] as const) {
        const res = await t.injectAs({ method, url, payload });
        expect(res.statusCode).toBe(409);
        expect((res.json() as { message: string }).message).toMatch(/[Ss]et up the section first/);
      }
    });

    it('adds items in order, each with an id and a log row, bumping the record ETag', async () => {
      const created = await t.injectAs({ method: 'POST', url: base, payload: sampleRecord(section, 1, imageUrl) });
      expect(created.statusCode).toBe(201);
      for (const text of ['First', 'Second', 'Third']) {
        const before = (await list()).etag;
        const res = await t.injectAs({ method: 'POST', url: `${base}/sub/`, payload: { [sub.itemKey]: text } });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ id: expect.any(Number), [sub.itemKey]: text });
        expect(res.headers.etag).not.toBe(before);
        expect(res.headers.etag).toBe((await list()).etag);
      }
      expect(texts((await list()).items)).toEqual(['First', 'Second', 'Third']);
      expect((await logs())[0]).toEqual({ action: 'create', content: `${sub.itemLabel} "Third" created` });
    });

    it('refuses a blank item with the item key named', async () => {
      const res = await t.injectAs({ method: 'POST', url: `${base}/sub`, payload: { [sub.itemKey]: '   ' } });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { fields: { path: string }[] }).fields[0]?.path).toBe(sub.itemKey);
    });

    it('edits, adds and reorders with sub-edit; unmentioned items are kept after the list', async () => {
      const [first, second, third] = (await list()).items as [Item, Item, Item];
      const res = await t.injectAs({
        method: 'PUT',
        url: `${base}/sub-edit/`,
        payload: {
          [sub.field]: [
            { id: third.id, [sub.itemKey]: 'Third, edited' },
            { [sub.itemKey]: 'New one' },
            { id: first.id, [sub.itemKey]: 'First' },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const items = (res.json() as Record<string, Item[]>)[sub.field] ?? [];
      expect(texts(items)).toEqual(['Third, edited', 'New one', 'First', 'Second']);
      expect(items[3]?.id).toBe(second.id);
      expect(items.map((i) => Object.keys(i).sort())).toEqual(items.map(() => ['id', sub.itemKey].sort()));
      const recent = (await logs())
        .slice(0, 2)
        .map((l) => l.content)
        .sort();
      expect(recent).toEqual([`${sub.itemLabel} "New one" created`, `${sub.itemLabel} "Third, edited" updated`].sort());
      const noSlash = await t.injectAs({ method: 'PUT', url: `${base}/sub-edit`, payload: { [sub.field]: [] } });
      expect(noSlash.statusCode).toBe(200);
      expect(texts((await list()).items)).toEqual(['Third, edited', 'New one', 'First', 'Second']);
    });

    it('refuses ids of other items, repeated ids and server-owned keys in sub-edit', async () => {
      const [first] = (await list()).items as [Item];
      for (const items of [
        [{ id: 999999, [sub.itemKey]: 'x' }],
        [
          { id: first.id, [sub.itemKey]: 'a' },
          { id: first.id, [sub.itemKey]: 'b' },
        ],
        [{ id: first.id, [sub.itemKey]: 'a', created_at: 'x' }],
      ]) {
        const res = await t.injectAs({ method: 'PUT', url: `${base}/sub-edit`, payload: { [sub.field]: items } });
        expect(res.statusCode).toBe(400);
      }
      expect((await list()).items[0]?.[sub.itemKey]).toBe('Third, edited');
    });

    it('honours If-Match on the record for sub-item writes', async () => {
      const { etag } = await list();
      const stale = await t.injectAs({
        method: 'POST',
        url: `${base}/sub`,
        payload: { [sub.itemKey]: 'Late' },
        headers: { 'if-match': '"1-1"' },
      });
      expect(stale.statusCode).toBe(412);
      expect((await list()).etag).toBe(etag);
      const fresh = await t.injectAs({
        method: 'POST',
        url: `${base}/sub`,
        payload: { [sub.itemKey]: 'On time' },
        headers: { 'if-match': etag },
      });
      expect(fresh.statusCode).toBe(201);
    });

    it('deletes an item: 200 with a message and a log row; a missing id is 404', async () => {
      const { items } = await list();
      const target = items.find((i) => i[sub.itemKey] === 'New one')!;
      const res = await t.injectAs({ method: 'DELETE', url: `${base}/sub/${target.id}/` });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { message: string }).message).toBe(`${sub.itemLabel} "New one" deleted.`);
      expect(texts((await list()).items)).not.toContain('New one');
      expect((await logs())[0]).toEqual({ action: 'delete', content: `${sub.itemLabel} "New one" deleted` });
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/sub/${target.id}` })).statusCode).toBe(404);
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/sub/abc` })).statusCode).toBe(400);
    });

    it('takes the list inside a record write too, and drops the items with the record', async () => {
      const { items } = await list();
      const [record] = (await t.app.inject({ method: 'GET', url: base })).json() as Item[];
      const res = await t.injectAs({
        method: 'PUT',
        url: base,
        payload: { [sub.field]: [{ [sub.itemKey]: 'Via record' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(texts((res.json() as Record<string, Item[]>)[sub.field] ?? [])).toEqual(['Via record', ...texts(items)]);
      const removed = await t.injectAs({ method: 'DELETE', url: `${base}/${record!.id}` });
      expect(removed.statusCode).toBe(200);
      const left = await t.db.selectFrom('logs').select('id').where('section', '=', slug).execute();
      expect(left.length).toBeGreaterThan(0);
      expect(
        (await t.injectAs({ method: 'POST', url: `${base}/sub`, payload: { [sub.itemKey]: 'orphan' } })).statusCode,
      ).toBe(409);
    });
  });
});
