import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { buildTestApp, dialects, TEST_USERNAME, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';

type Body = Record<string, unknown>;

/** A collection with a rich-text field: where a hostile revision can hide script. */
const section = sections.find(
  (s) => s.kind === 'collection' && Object.values(s.fields).some((f) => f.kind === 'richtext'),
) as SectionDef;
const richField = Object.entries(section.fields).find(([, f]) => f.kind === 'richtext')?.[0] as string;
const HOSTILE =
  '<p>kept</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://example.org/"></iframe>';

/**
 * Restore keeps today's rules: a restored revision, an Undo and a trash
 * restore pass the same validation and sanitising as a PUT, or are refused with nothing changed.
 * The hostile revision is written into the revisions table directly, as a revision of older
 * rules or a tampered database would hold it.
 */
describe.each(dialects)("restore keeps today's rules on %s", (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });

  const base = `/api/${section.slug}`;
  const create = async (n: number): Promise<Body> => {
    const res = await t.injectAs({ method: 'POST', url: base, payload: sampleRecord(section, n, imageUrl) });
    expect(res.statusCode).toBe(201);
    return res.json() as Body;
  };
  /** Writes a revision holding `record` straight into the table; answers its id. */
  const craft = async (record: Body, action: 'update' | 'delete' = 'update'): Promise<number> => {
    const row = await t.db
      .insertInto('revisions')
      .values({
        section: section.slug,
        record_id: Number(record.id),
        action,
        version: 1,
        record: JSON.stringify(record),
        username: TEST_USERNAME,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const restore = (revisionId: number) => t.injectAs({ method: 'POST', url: `/api/revisions/${revisionId}/restore` });
  const counts = async () => ({
    logs: (await t.db.selectFrom('logs').select('id').execute()).length,
    revisions: (await t.db.selectFrom('revisions').select('id').execute()).length,
  });
  const publicRead = async (id: unknown) => t.app.inject({ method: 'GET', url: `${base}/${String(id)}` });

  it("cleans a revision's script, handlers, javascript: links and frames exactly as a PUT cleans them", async () => {
    const record = await create(1);
    const restored = await restore(await craft({ ...record, [richField]: HOSTILE }));
    expect(restored.statusCode).toBe(200);
    const other = await create(2);
    const put = await t.injectAs({
      method: 'PUT',
      url: `${base}/${String(other.id)}`,
      payload: { [richField]: HOSTILE },
    });
    expect(put.statusCode).toBe(200);
    const cleaned = (put.json() as Body)[richField];
    expect((restored.json() as Body)[richField]).toBe(cleaned);
    const served = String((await publicRead(record.id)).json()[richField]);
    expect(served).toBe(cleaned);
    expect(served).toContain('kept');
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe']) expect(served.toLowerCase()).not.toContain(bad);
  });

  it('brings a deleted record back from the trash cleaned the same way', async () => {
    const record = await create(3);
    expect((await t.injectAs({ method: 'DELETE', url: `${base}/${String(record.id)}` })).statusCode).toBe(200);
    const restored = await restore(await craft({ ...record, [richField]: HOSTILE }, 'delete'));
    expect(restored.statusCode).toBe(200);
    const served = String((await publicRead(record.id)).json()[richField]);
    for (const bad of ['<script', 'onerror', 'javascript:', '<iframe']) expect(served.toLowerCase()).not.toContain(bad);
  });

  it('refuses a version that no longer passes validation, naming the field, and changes nothing', async () => {
    const record = await create(4);
    const before = (await publicRead(record.id)).json() as Body;
    const tooLong = await craft({ ...record, [section.titleField]: 'x'.repeat(5_000) });
    const was = await counts();
    const refused = await restore(tooLong);
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { message: string; error: string; fields: { path: string; message: string }[] };
    expect(body.error).toBe('Bad Request');
    expect(body.message).toMatch(
      new RegExp(
        `^This version cannot be restored: ${section.titleField} must be at most \\d+ characters\\. Edit the record instead\\.$`,
      ),
    );
    expect(body.fields.map((f) => f.path)).toEqual([section.titleField]);
    expect(await counts()).toEqual(was);
    expect((await publicRead(record.id)).json()).toEqual(before);
  });

  it("refuses a deleted record's version that no longer passes, leaving it in the trash", async () => {
    const record = await create(5);
    expect((await t.injectAs({ method: 'DELETE', url: `${base}/${String(record.id)}` })).statusCode).toBe(200);
    const tooLong = await craft({ ...record, [section.titleField]: 'x'.repeat(5_000) }, 'delete');
    const was = await counts();
    expect((await restore(tooLong)).statusCode).toBe(400);
    expect(await counts()).toEqual(was);
    expect((await publicRead(record.id)).statusCode).toBe(404);
  });
});
