import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';

type Body = Record<string, unknown>;

/** Every delete answer names the revision that undoes it. */
describe.each(dialects)('delete answers name their undo on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });

  const restore = (revisionId: number, ifMatch?: string) =>
    t.injectAs({
      method: 'POST',
      url: `/api/revisions/${revisionId}/restore`,
      headers: ifMatch ? { 'if-match': ifMatch } : {},
    });

  describe.each(sections.map((s) => [s.slug, s] as const))('%s', (slug, section: SectionDef) => {
    it('a record delete answers its message and the revision that brings the record back', async () => {
      const created = await t.injectAs({
        method: 'POST',
        url: `/api/${slug}`,
        payload: sampleRecord(section, 1, imageUrl),
      });
      expect(created.statusCode).toBe(201);
      const record = created.json() as Body;
      const deleted = await t.injectAs({ method: 'DELETE', url: `/api/${slug}/${record.id}` });
      expect(deleted.statusCode).toBe(200);
      const answer = deleted.json() as { message: string; revision_id: number };
      expect(answer.message).toMatch(new RegExp(`^${section.singular} .*deleted`));
      const [latest] = (
        await t.injectAs({ method: 'GET', url: `/api/${slug}/${record.id}/revisions?limit=1` })
      ).json() as { id: number; action: string }[];
      expect(latest).toMatchObject({ id: answer.revision_id, action: 'delete' });

      const back = await restore(answer.revision_id);
      expect(back.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/${slug}/${record.id}` })).statusCode).toBe(200);
      // leave single-record sections empty for the next section's turn
      expect((await t.injectAs({ method: 'DELETE', url: `/api/${slug}/${record.id}` })).statusCode).toBe(200);
    });
  });

  describe('sub-item deletes', () => {
    const section = sections.find((s) => s.kind === 'single' && s.subItems)!;
    const sub = section.subItems!;
    const base = `/api/${section.slug}`;
    const items = (record: Body) => (record[sub.field] as Body[]).map((item) => item[sub.itemKey]);

    /** A new record of the section with items 'one' and 'two', and the id of 'one'. */
    async function recordWithTwoItems(): Promise<{ id: number; itemId: number }> {
      const [old] = (await t.app.inject({ method: 'GET', url: base })).json() as Body[];
      if (old) expect((await t.injectAs({ method: 'DELETE', url: `${base}/${old.id}` })).statusCode).toBe(200);
      const saved = await t.injectAs({
        method: 'POST',
        url: base,
        payload: {
          ...sampleRecord(section, 2, imageUrl),
          [sub.field]: [{ [sub.itemKey]: 'one' }, { [sub.itemKey]: 'two' }],
        },
      });
      expect(saved.statusCode).toBe(201);
      const record = saved.json() as Body;
      return { id: record.id as number, itemId: (record[sub.field] as Body[])[0]!.id as number };
    }

    it("answer the revision from before the delete; restoring it with the answer's ETag puts the item back", async () => {
      const { itemId } = await recordWithTwoItems();
      const deleted = await t.injectAs({ method: 'DELETE', url: `${base}/sub/${itemId}` });
      expect(deleted.statusCode).toBe(200);
      const answer = deleted.json() as { message: string; undo_revision_id: number };
      expect(answer.message).toMatch(/deleted/);
      const [, before] = (await t.injectAs({ method: 'GET', url: `${base}/revisions?limit=2` })).json() as {
        id: number;
      }[];
      expect(answer.undo_revision_id).toBe(before?.id);

      const back = await restore(answer.undo_revision_id, String(deleted.headers.etag));
      expect(back.statusCode).toBe(200);
      expect(items(back.json() as Body)).toEqual(['one', 'two']);
      expect(((back.json() as Body)[sub.field] as Body[])[0]?.id).toBe(itemId);
    });

    it("an undo after someone else's change is 412 and leaves their change", async () => {
      const { itemId } = await recordWithTwoItems();
      const deleted = await t.injectAs({ method: 'DELETE', url: `${base}/sub/${itemId}` });
      const answer = deleted.json() as { undo_revision_id: number };
      const other = await t.injectAs({ method: 'POST', url: `${base}/sub`, payload: { [sub.itemKey]: 'three' } });
      expect(other.statusCode).toBe(201);
      const stale = await restore(answer.undo_revision_id, String(deleted.headers.etag));
      expect(stale.statusCode).toBe(412);
      expect(items(((await t.app.inject({ method: 'GET', url: base })).json() as Body[])[0]!)).toEqual([
        'two',
        'three',
      ]);
    });

    it('answer null when the record is older than history', async () => {
      const { id, itemId } = await recordWithTwoItems();
      await t.db.deleteFrom('revisions').where('section', '=', section.slug).where('record_id', '=', id).execute();
      const deleted = await t.injectAs({ method: 'DELETE', url: `${base}/sub/${itemId}` });
      expect(deleted.statusCode).toBe(200);
      expect((deleted.json() as { undo_revision_id: number | null }).undo_revision_id).toBeNull();
    });
  });
});
