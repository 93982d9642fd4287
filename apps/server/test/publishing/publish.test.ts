import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { writeTransaction } from '../../src/db/write-transaction.ts';
import { purgeOldRevisions } from '../../src/history/retention.ts';
import { publishIn, unpublishIn } from '../../src/publishing/publish-writes.ts';
import { changePipeline } from '../../src/change-pipeline.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { type Body, create } from './publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const steps = sections.find((s) => s.slug === 'steps')!;
const missions = sections.find((s) => s.slug === 'missions')!;

describe.each(dialects)('publish and unpublish on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  const publicRead = (id: unknown) => t.app.inject({ method: 'GET', url: `/api/faqs/${String(id)}` });
  const logsOf = async (id: unknown) =>
    (
      await t.db
        .selectFrom('logs')
        .select(['action', 'content', 'revision_id'])
        .where('section', '=', 'faqs')
        .where('record_id', '=', Number(id))
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, revision_id: row.revision_id === null ? null : Number(row.revision_id) }));

  it('publishes a draft: live at once (the cached list too), one log row and one revision', async () => {
    const cachedBefore = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    const draft = await create(t, faqs, { title: 'Goes live' }, 'draft');
    expect((await publicRead(draft.id)).statusCode).toBe(404);
    const res = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(draft.id)}/publish` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: draft.id, title: 'Goes live', status: 'published', has_changes: false });
    expect((await publicRead(draft.id)).json()).toMatchObject({ title: 'Goes live' });
    const cachedAfter = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(cachedAfter.headers.etag).not.toBe(cachedBefore.headers.etag);
    expect(cachedAfter.body).toContain('Goes live');
    const logs = await logsOf(draft.id);
    expect(logs.map((l) => [l.action, l.content])).toEqual([
      ['create', 'FAQ "Goes live" created'],
      ['update', 'FAQ "Goes live" published'],
    ]);
    const revisions = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(draft.id)}/revisions` });
    const [latest, first] = revisions.json() as { id: number; record: Body }[];
    expect(latest?.id).toBe(logs[1]?.revision_id);
    expect(latest?.record).not.toHaveProperty('status');
    expect(first?.record).toMatchObject({ status: 'draft' });
  });

  it('publishes waiting changes: the live record takes them, they are gone, 409 when nothing is left', async () => {
    const live = await create(t, faqs, { title: 'Before', description: 'Old text' });
    await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}/changes`,
      payload: { description: 'New text' },
    });
    const res = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/publish` });
    expect(res.statusCode).toBe(200);
    expect((await publicRead(live.id)).json()).toMatchObject({ title: 'Before', description: 'New text' });
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/changes` })).statusCode).toBe(404);
    const again = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/publish` });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toMatch(/nothing to publish/);
    const withBody = await t.injectAs({
      method: 'POST',
      url: `/api/faqs/${String(live.id)}/publish`,
      payload: { title: 'x' },
    });
    expect(withBody.statusCode).toBe(400);
    expect((withBody.json() as { message: string }).message).toMatch(/take no body/);
    expect((await t.injectAs({ method: 'POST', url: '/api/faqs/999999/publish' })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'POST', url: '/api/faqs/999999/unpublish' })).statusCode).toBe(404);
  });

  it('checks waiting changes again: ones that no longer pass are refused with a sentence, nothing changes', async () => {
    const live = await create(t, faqs, { title: 'Strict' });
    const saved = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}/changes`,
      payload: { title: 'Fine then' },
    });
    // as if the rules had changed since they were saved
    await t.db
      .updateTable('pending_changes')
      .set({ record: JSON.stringify({ ...(saved.json() as Body), title: '' }) })
      .where('section', '=', 'faqs')
      .where('record_id', '=', Number(live.id))
      .execute();
    const res = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/publish` });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/^These changes cannot be published: /);
    expect((await publicRead(live.id)).json()).toEqual(live);
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/changes` })).statusCode).toBe(200);
  });

  it('refuses waiting changes naming a sub-item deleted since with the same sentence, and changes nothing', async () => {
    const created = await create(t, missions, {
      title: 'Missions',
      missions: [{ mission: 'Fund' }, { mission: 'Mentor' }],
    });
    const [, gone] = created.missions as { id: number }[];
    const saved = await t.injectAs({ method: 'PUT', url: '/api/missions/changes', payload: { title: 'Our missions' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.injectAs({ method: 'DELETE', url: `/api/missions/sub/${String(gone?.id)}` })).statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: '/api/missions' })).json() as unknown;

    const res = await t.injectAs({ method: 'POST', url: '/api/missions/publish' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(
      `These changes cannot be published: missions has no mission with id ${String(gone?.id)}. Edit the changes, then publish again.`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/missions' })).json()).toEqual(before);
    expect((await t.injectAs({ method: 'GET', url: '/api/missions/changes' })).statusCode).toBe(200);
  });

  it('unpublishes: the record is kept as a draft, off the website; 409 when it is a draft already', async () => {
    const live = await create(t, faqs, { title: 'Taken off' });
    const res = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/unpublish` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Taken off', status: 'draft' });
    expect((await publicRead(live.id)).statusCode).toBe(404);
    const again = await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/unpublish` });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toMatch(/already a draft/);
    expect((await logsOf(live.id)).at(-1)).toMatchObject({ action: 'update', content: 'FAQ "Taken off" unpublished' });
  });

  it('undo of a publish brings back the draft, and the changes it had published', async () => {
    const draft = await create(t, faqs, { title: 'Undo me' }, 'draft');
    await t.injectAs({ method: 'POST', url: `/api/faqs/${String(draft.id)}/publish` });
    const [, beforePublish] = (
      await t.injectAs({ method: 'GET', url: `/api/faqs/${String(draft.id)}/revisions` })
    ).json() as { id: number }[];
    const undo = await t.injectAs({ method: 'POST', url: `/api/revisions/${String(beforePublish?.id)}/restore` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await publicRead(draft.id)).statusCode).toBe(404);

    const live = await create(t, faqs, { title: 'Live one' });
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${String(live.id)}/changes`, payload: { title: 'Changed one' } });
    await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/publish` });
    expect((await publicRead(live.id)).json()).toMatchObject({ title: 'Changed one' });
    const revisions = (await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/revisions` })).json() as {
      id: number;
    }[];
    const restore = await t.injectAs({ method: 'POST', url: `/api/revisions/${String(revisions[1]?.id)}/restore` });
    expect(restore.statusCode).toBe(200);
    expect((await publicRead(live.id)).json()).toMatchObject({ title: 'Live one' });
    const changes = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/changes` });
    expect(changes.json()).toMatchObject({ title: 'Changed one' });
  });

  it('a deleted draft goes to the trash and comes back as a draft, with its waiting changes if it had any', async () => {
    const draft = await create(t, faqs, { title: 'Trashed draft' }, 'draft');
    const deleted = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(draft.id)}` });
    expect(deleted.statusCode).toBe(200);
    const trash = (await t.injectAs({ method: 'GET', url: '/api/trash' })).json() as { record_id: number }[];
    expect(trash.some((entry) => entry.record_id === draft.id)).toBe(true);
    const back = await t.injectAs({
      method: 'POST',
      url: `/api/revisions/${String((deleted.json() as { revision_id: number }).revision_id)}/restore`,
    });
    expect(back.statusCode).toBe(200);
    expect((await publicRead(draft.id)).statusCode).toBe(404);
    const all = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(draft.id)}?status=all` });
    expect(all.json()).toMatchObject({ title: 'Trashed draft', status: 'draft' });

    const live = await create(t, faqs, { title: 'Trashed live' });
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${String(live.id)}/changes`, payload: { title: 'Its changes' } });
    const gone = await t.injectAs({ method: 'DELETE', url: `/api/faqs/${String(live.id)}` });
    expect(
      await t.db
        .selectFrom('pending_changes')
        .selectAll()
        .where('record_id', '=', Number(live.id))
        .where('section', '=', 'faqs')
        .execute(),
    ).toEqual([]);
    await t.injectAs({
      method: 'POST',
      url: `/api/revisions/${String((gone.json() as { revision_id: number }).revision_id)}/restore`,
    });
    expect((await publicRead(live.id)).json()).toMatchObject({ title: 'Trashed live' });
    const changes = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/changes` });
    expect(changes.json()).toMatchObject({ title: 'Its changes' });
  });

  it('two publishes at once: one applies the changes, the other finds nothing left to publish', async () => {
    const live = await create(t, faqs, { title: 'Raced' });
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${String(live.id)}/changes`, payload: { title: 'Raced on' } });
    const url = `/api/faqs/${String(live.id)}/publish`;
    const answers = await Promise.all([1, 2].map(() => t.injectAs({ method: 'POST', url })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await logsOf(live.id)).filter((l) => l.content.endsWith('published'))).toHaveLength(1);
  });

  it('publishIn and unpublishIn work in a transaction the caller opened, and throw sentences', async () => {
    const draft = await create(t, faqs, { title: 'Scheduled' }, 'draft');
    const id = Number(draft.id);
    const who = { username: 'editor', changes: changePipeline() };
    const published = await writeTransaction(t.db, (trx) => publishIn(trx, who, faqs, id));
    expect(published).toMatchObject({ status: 'published', record: { title: 'Scheduled' } });
    await expect(writeTransaction(t.db, (trx) => publishIn(trx, who, faqs, id))).rejects.toMatchObject({ status: 409 });
    await writeTransaction(t.db, (trx) => unpublishIn(trx, who, faqs, id));
    await expect(writeTransaction(t.db, (trx) => unpublishIn(trx, who, faqs, id))).rejects.toMatchObject({
      status: 409,
    });
    await expect(writeTransaction(t.db, (trx) => publishIn(trx, who, faqs, 999_999))).rejects.toMatchObject({
      status: 404,
      message: 'No faq with id 999999.',
    });
    expect((await publicRead(id)).statusCode).toBe(404);
  });

  it('a single-record section publishes its sub-item changes; each item change has its log row', async () => {
    await create(t, steps, { title: 'Steps', steps: [{ step: 'Apply' }] });
    await t.injectAs({ method: 'PUT', url: '/api/steps/changes', payload: { steps: [{ step: 'Register' }] } });
    const res = await t.injectAs({ method: 'POST', url: '/api/steps/publish' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/steps' })).json() as Body[];
    expect((list[0]?.steps as Body[]).map((item) => item.step)).toEqual(['Register', 'Apply']);
    const logs = await t.db.selectFrom('logs').select('content').where('section', '=', 'steps').orderBy('id').execute();
    expect(logs.map((l) => l.content).slice(-2)).toEqual([
      'Steps section "Steps" published',
      expect.stringMatching(/^Step "Register"/),
    ]);
    expect((await t.injectAs({ method: 'POST', url: '/api/steps/unpublish' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/steps' })).json()).toEqual([]);
  });

  it('history retention never removes waiting changes, nor the revision that holds them', async () => {
    const live = await create(t, faqs, { title: 'Kept' });
    await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(live.id)}/changes`,
      payload: { title: 'Kept changes' },
    });
    await purgeOldRevisions(t.db, 0, new Date(Date.now() + 10 * 86_400_000));
    const latest = await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/revisions` });
    expect((latest.json() as { record: Body }[])[0]?.record).toMatchObject({
      pending_changes: { title: 'Kept changes' },
    });
    expect((await t.injectAs({ method: 'GET', url: `/api/faqs/${String(live.id)}/changes` })).statusCode).toBe(200);
    expect((await t.injectAs({ method: 'POST', url: `/api/faqs/${String(live.id)}/publish` })).statusCode).toBe(200);
    expect((await publicRead(live.id)).json()).toMatchObject({ title: 'Kept changes' });
  });
});
