import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { createdRecord, inHours, scheduleUrl } from './schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

interface Item {
  action: string;
  due_at: string;
  state: string;
  section: string;
  record_id: number;
  title: string | null;
  set_by: string;
}

describe.each(dialects)('schedule routes on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    faqId = await createdRecord(t, faqs);
  });
  afterAll(() => t.close());

  it('every section takes a schedule, reads it back in UTC and cancels it', async () => {
    for (const section of sections) {
      const id = await createdRecord(t, section, 7);
      const url = scheduleUrl(section, id);
      const put = await t.injectAs({ method: 'PUT', url, payload: { publish_at: '2099-12-01T09:00:00+01:00' } });
      expect(put.statusCode, `${section.slug}: ${put.body}`).toBe(200);
      const got = await t.injectAs({ method: 'GET', url });
      const pending = (got.json() as { pending: Item[] }).pending;
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ action: 'publish', due_at: '2099-12-01T08:00:00.000Z', state: 'pending' });
      expect(pending[0]).toMatchObject({ section: section.slug, record_id: id, set_by: 'editor' });
      const cancelled = await t.injectAs({ method: 'DELETE', url });
      expect(cancelled.statusCode).toBe(200);
      expect((cancelled.json() as { pending: Item[] }).pending).toEqual([]);
    }
  });

  it('a new schedule replaces what was pending, and writes one log row saying what was scheduled', async () => {
    const url = scheduleUrl(faqs, faqId);
    await t.injectAs({ method: 'PUT', url, payload: { unpublish_at: '2099-01-01T00:00:00Z' } });
    const res = await t.injectAs({
      method: 'PUT',
      url,
      payload: { publish_at: '2098-12-01T08:00:00Z', unpublish_at: '2099-02-01T08:00:00.000Z' },
    });
    expect(res.statusCode).toBe(200);
    const pending = (res.json() as { pending: Item[] }).pending;
    expect(pending.map((p) => [p.action, p.due_at])).toEqual([
      ['publish', '2098-12-01T08:00:00.000Z'],
      ['unpublish', '2099-02-01T08:00:00.000Z'],
    ]);
    const logs = await t.db
      .selectFrom('logs')
      .select(['content', 'action', 'username'])
      .where('section', '=', 'faqs')
      .where('record_id', '=', faqId)
      .where('content', 'like', 'Scheduled%')
      .orderBy('id', 'desc')
      .execute();
    expect(logs[0]).toEqual({
      action: 'update',
      username: 'editor',
      content: `Scheduled FAQ "title sample 1" (id ${faqId}) to publish at 2098-12-01T08:00:00Z and to unpublish at 2099-02-01T08:00:00Z`,
    });
    const overview = await t.injectAs({ method: 'GET', url: '/api/schedules' });
    const upcoming = (overview.json() as { upcoming: Item[] }).upcoming.filter((i) => i.record_id === faqId);
    expect(upcoming.map((i) => i.title)).toEqual(['title sample 1', 'title sample 1']);

    const cancel = await t.injectAs({ method: 'DELETE', url });
    expect(cancel.statusCode).toBe(200);
    const last = await t.db
      .selectFrom('logs')
      .select('content')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last.content).toBe(`Cancelled the schedule of FAQ "title sample 1" (id ${faqId})`);
  });

  it('refuses bad schedules with sentences and changes nothing', async () => {
    const url = scheduleUrl(faqs, faqId);
    await t.injectAs({ method: 'PUT', url, payload: { publish_at: '2097-05-05T05:05:05Z' } });
    const logsBefore = await t.db.selectFrom('logs').select('id').execute();
    const cases: [unknown, RegExp][] = [
      [{}, /^Give publish_at, unpublish_at or both\.$/],
      [{ publish_at: '2099-12-01T09:00:00' }, /publish_at must be a date and time with its offset/],
      [{ publish_at: '2099-02-30T09:00:00Z' }, /publish_at must be a date and time with its offset/],
      [{ publish_at: 'tomorrow' }, /publish_at must be a date and time with its offset/],
      [{ publish_at: 20991201 }, /publish_at must be a date and time with its offset/],
      [{ publish_at: '2001-01-01T00:00:00Z' }, /^publish_at must be in the future\.$/],
      [{ publish_at: inHours(3), unpublish_at: inHours(2) }, /^unpublish_at must be after publish_at\.$/],
      [{ publish_at: inHours(3), status: 'x' }, /^status is not accepted here\.$/],
      [[], /The body must be a JSON object/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.injectAs({ method: 'PUT', url, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    const after = await t.injectAs({ method: 'GET', url });
    expect((after.json() as { pending: Item[] }).pending.map((p) => p.due_at)).toEqual(['2097-05-05T05:05:05.000Z']);
    expect(await t.db.selectFrom('logs').select('id').execute()).toHaveLength(logsBefore.length);
  });

  it('answers 404 for a missing record and 400 for a bad id', async () => {
    const missing = await t.injectAs({
      method: 'PUT',
      url: '/api/faqs/999999/schedule',
      payload: { publish_at: inHours() },
    });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe('No faq with id 999999.');
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs/999999/schedule' })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'DELETE', url: '/api/faqs/999999/schedule' })).statusCode).toBe(404);
    expect((await t.injectAs({ method: 'GET', url: '/api/faqs/abc/schedule' })).statusCode).toBe(400);
  });

  it('lets editors and admins schedule, viewers only read the overview, and nobody without a token', async () => {
    const url = scheduleUrl(faqs, faqId);
    const viewer = { authorization: `Bearer ${await signInAs(t, 'viewer')}` };
    const editor = { authorization: `Bearer ${await signInAs(t, 'editor')}` };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { publish_at: inHours() } : undefined;
      expect((await t.app.inject({ method, url, payload, headers: viewer })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: editor })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules', headers: viewer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules' })).statusCode).toBe(401);
  });
});
