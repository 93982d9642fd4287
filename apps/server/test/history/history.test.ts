import { beforeAll, describe, expect, it } from 'vitest';
import { ALT_FIELD_SUFFIX, type SectionDef, sections } from '@bursary/shared';
import { timestampKeys } from '../../src/db/naming.ts';
import { buildTestApp, dialects, TEST_USERNAME, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl, textField } from '../factories.ts';

type Body = Record<string, unknown>;
interface Revision {
  id: number;
  action: string;
  username: string;
  created_at: string;
  log_id: number | null;
  record: Body;
}

const count = async (t: TestApp, table: 'logs' | 'revisions') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The record without its last-change time: a restore is a new change, so that moves on. */
function withoutUpdated(section: SectionDef, record: Body): Body {
  const { [timestampKeys(section).updated]: _updated, ...rest } = record;
  return rest;
}

/** The record as revisions keep it: the images' alternative text belongs to the images, not to the record. */
/** What answers carry beside an image field and revisions do not keep: its text, size and focal point. */
const IMAGE_DETAIL = new RegExp(`(${ALT_FIELD_SUFFIX}|_width|_height|_focal_x|_focal_y)$`);

function withoutAltText(record: Body): Body {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !IMAGE_DETAIL.test(key)));
}

describe.each(dialects)('history and undo on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });

  const history = async (section: SectionDef, id: number): Promise<Revision[]> => {
    const url = section.kind === 'single' ? `/api/${section.slug}/revisions` : `/api/${section.slug}/${id}/revisions`;
    const res = await t.injectAs({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as Revision[];
  };
  const restore = (revisionId: number, ifMatch?: string) =>
    t.injectAs({
      method: 'POST',
      url: `/api/revisions/${revisionId}/restore`,
      headers: ifMatch ? { 'if-match': ifMatch } : {},
    });

  describe.each(sections.map((s) => [s.slug, s] as const))('%s', (slug, section: SectionDef) => {
    const base = `/api/${slug}`;
    const sub = section.subItems;
    const withItems = (n: number): Body => ({
      ...sampleRecord(section, n, imageUrl),
      ...(sub ? { [sub.field]: [{ [sub.itemKey]: `first ${n}` }, { [sub.itemKey]: `second ${n}` }] } : {}),
    });

    it('create → update → delete → restore gives back the exact record, each step a revision beside its log row', async () => {
      const created = await t.injectAs({ method: 'POST', url: base, payload: withItems(1) });
      expect(created.statusCode).toBe(201);
      const first = created.json() as Body;
      const id = first.id as number;
      const field = textField(section);
      const updated = await t.injectAs({
        method: 'PUT',
        url: `${base}/${id}`,
        payload: { ...withItems(2), [field]: `${field} changed` },
      });
      expect(updated.statusCode).toBe(200);
      const second = updated.json() as Body;
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(200);

      const revisions = await history(section, id);
      expect(revisions.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
      expect(revisions.map((r) => r.record)).toEqual([second, second, first].map(withoutAltText));
      expect(revisions.every((r) => r.username === TEST_USERNAME && typeof r.log_id === 'number')).toBe(true);

      // the log row of the update shows the change against the version before it
      const detail = await t.injectAs({ method: 'GET', url: `/api/logs/${revisions[1]?.log_id}` });
      expect(detail.statusCode).toBe(200);
      const body = detail.json() as {
        revision_id: number;
        changes: { field: string; before: unknown; after: unknown }[];
      };
      expect(body.revision_id).toBe(revisions[1]?.id);
      expect(body.changes).toContainEqual({ field, before: first[field], after: `${field} changed` });

      const trash = (await t.injectAs({ method: 'GET', url: '/api/trash?limit=500' })).json() as {
        section: string;
        record_id: number;
        revision_id: number;
      }[];
      expect(trash).toContainEqual(
        expect.objectContaining({
          section: slug,
          record_id: id,
          revision_id: revisions[0]?.id,
          username: TEST_USERNAME,
        }),
      );

      const back = await restore(revisions[2]!.id);
      expect(back.statusCode).toBe(200);
      expect(withoutUpdated(section, back.json() as Body)).toEqual(withoutUpdated(section, first));
      const read = await t.app.inject({ method: 'GET', url: `${base}/${id}` });
      expect(read.statusCode).toBe(200);
      expect(read.headers.etag).toBe(back.headers.etag);
      expect(withoutUpdated(section, read.json() as Body)).toEqual(withoutUpdated(section, first));
      const after = (await t.injectAs({ method: 'GET', url: '/api/trash?limit=500' })).json() as {
        record_id: number;
        section: string;
      }[];
      expect(after.some((entry) => entry.section === slug && entry.record_id === id)).toBe(false);

      // the restore is itself a change: logged, in the history, and undoable
      const now = await history(section, id);
      expect(now[0]?.action).toBe('restore');
      const log = await t.db.selectFrom('logs').selectAll().where('id', '=', now[0]!.log_id!).executeTakeFirstOrThrow();
      expect(log.content).toMatch(
        new RegExp(`^${section.singular} .* restored to the version of \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}$`),
      );
      const undo = await restore(now[1]!.id, String(read.headers.etag));
      expect(undo.statusCode).toBe(200);
      expect(withoutUpdated(section, undo.json() as Body)).toEqual(withoutUpdated(section, second));

      // leave single-record sections empty for the next test
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(200);
    });

    it('a stale If-Match on restore is 412 with the current record, and changes nothing', async () => {
      const created = await t.injectAs({ method: 'POST', url: base, payload: withItems(3) });
      const id = (created.json() as Body).id as number;
      const staleTag = String(created.headers.etag);
      const saved = await t.injectAs({ method: 'PUT', url: `${base}/${id}`, payload: withItems(4) });
      const [, oldest] = await history(section, id);
      const before = [await count(t, 'logs'), await count(t, 'revisions')];
      const res = await restore(oldest!.id, staleTag);
      expect(res.statusCode).toBe(412);
      expect((res.json() as { current: Body }).current).toEqual(saved.json());
      expect([await count(t, 'logs'), await count(t, 'revisions')]).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: `${base}/${id}` })).json()).toEqual(saved.json());
      expect((await t.injectAs({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(200);
    });
  });

  it('every log row of a write names the revision stored with it, 1 : 1 : 1 for record writes', async () => {
    const logs = await t.db.selectFrom('logs').select(['id', 'revision_id']).execute();
    expect(logs.every((row) => row.revision_id !== null)).toBe(true);
    const listed = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=5' })).json() as {
      revision_id: number | null;
    }[];
    expect(listed.every((row) => typeof row.revision_id === 'number')).toBe(true);
  });

  it('sub-item adds and deletes store a revision of the whole record', async () => {
    const section = sections.find((s) => s.kind === 'single' && s.subItems)!;
    const sub = section.subItems!;
    const base = `/api/${section.slug}`;
    await t.injectAs({ method: 'PUT', url: base, payload: sampleRecord(section, 5, imageUrl) });
    const added = await t.injectAs({ method: 'POST', url: `${base}/sub`, payload: { [sub.itemKey]: 'added' } });
    expect(added.statusCode).toBe(201);
    const itemId = (added.json() as { id: number }).id;
    expect((await t.injectAs({ method: 'DELETE', url: `${base}/sub/${itemId}` })).statusCode).toBe(200);
    const [deleted, add] = await history(section, 0);
    expect(deleted?.record[sub.field]).toEqual([]);
    expect(add?.record[sub.field]).toEqual([{ id: itemId, [sub.itemKey]: 'added' }]);
    const detail = (await t.injectAs({ method: 'GET', url: `/api/logs/${deleted?.log_id}` })).json() as {
      changes: unknown[];
    };
    expect(detail.changes).toEqual([{ field: sub.field, item_id: itemId, before: 'added', after: null }]);
    // the deleted item comes back under its own id
    const back = await restore(add!.id);
    expect((back.json() as Body)[sub.field]).toEqual([{ id: itemId, [sub.itemKey]: 'added' }]);
  });

  it('a deleted record comes back under its old id and the id sequence does not move', async () => {
    const faqs = sections.find((s) => s.slug === 'faqs')!;
    const make = async (n: number) =>
      (
        (
          await t.injectAs({ method: 'POST', url: '/api/faqs', payload: sampleRecord(faqs, n, imageUrl) })
        ).json() as Body
      ).id as number;
    const a = await make(10);
    const b = await make(11);
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${a}` });
    const [gone] = await history(faqs, a);
    const back = await restore(gone!.id);
    expect(back.statusCode).toBe(200);
    expect((back.json() as Body).id).toBe(a);
    // restoring it again while it is back updates it; an If-Match on a deleted record is stale
    expect((await restore(gone!.id)).statusCode).toBe(200);
    expect(await make(12)).toBe(b + 1);
    const list = (await t.app.inject({ method: 'GET', url: '/api/faqs' })).json() as Body[];
    expect(list.some((r) => r.id === a)).toBe(true);
  });

  it('50 concurrent restores with one If-Match: one wins, the rest get 412', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Q one', description: '<p>A one</p>' },
    });
    const id = (created.json() as Body).id as number;
    const saved = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Q two' } });
    const etag = String(saved.headers.etag);
    const [, first] = await history(
      sections.find((s) => s.slug === 'faqs')!,
      id,
    );
    const before = await count(t, 'revisions');
    const answers = await Promise.all(Array.from({ length: 50 }, () => restore(first!.id, etag)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    expect(await count(t, 'revisions')).toBe(before + 1);
  });

  it('history needs a token; unknown revisions and records are 404 with a clear message', async () => {
    for (const url of ['/api/faqs/1/revisions', '/api/trash', '/api/logs/1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/revisions/1/restore' })).statusCode).toBe(401);
    const missing = await restore(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No revision with id 999999.', error: 'Not Found' });
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs/999999/revisions' })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'GET', url: '/api/logs/999999' })).statusCode).toBe(404);
  });

  it('pages a history newest first with X-Total-Count', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Paged', description: '<p>A</p>' },
    });
    const id = (created.json() as Body).id as number;
    for (let i = 0; i < 4; i += 1)
      await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: `Paged ${i}` } });
    const res = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}/revisions?limit=2&offset=1` });
    expect(res.headers['x-total-count']).toBe('5');
    expect((res.json() as Revision[]).map((r) => r.record.title)).toEqual(['Paged 2', 'Paged 1']);
  });
});
