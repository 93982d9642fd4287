import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, type SiteHealthProblem, type SiteHealthReport } from '@bursary/shared';
import { type Kysely, sql } from 'kysely';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { create } from '../publishing/publishing-helpers.ts';
import { recordBackupMade } from '../../src/backup/backup-state.ts';
import { storedImageUrl } from '../factories.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const heroes = sections.find((s) => s.slug === 'heroes')!;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

async function problems(t: TestApp, check: string, token = t.token): Promise<SiteHealthProblem[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/site-health',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SiteHealthReport>().problems.filter((p) => p.check === check);
}

describe.each(dialects)('site-wide checks (%s)', (dialect) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { staleAfterDays: 30 } });
    editor = await signInAs(t, 'editor', 'site-editor');
  });
  afterAll(() => t.close());

  it('empty-section: a single-record section with nothing published, until its record is published', async () => {
    const before = await problems(t, 'empty-section');
    expect(before.map((p) => p.section).sort()).toEqual(
      sections
        .filter((s) => s.kind === 'single')
        .map((s) => s.slug)
        .sort(),
    );
    expect(before.find((p) => p.section === 'heroes')).toEqual({
      check: 'empty-section',
      severity: 'warning',
      section: 'heroes',
      id: null,
      title: heroes.label,
      field: null,
      message: `The ${heroes.label} section has nothing published, so this part of the website is empty. Write its content and publish it.`,
    });
    const made = await t.injectAs({
      method: 'POST',
      url: '/api/heroes',
      payload: { title: 'Welcome', status: 'draft' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await problems(t, 'empty-section')).some((p) => p.section === 'heroes')).toBe(true);
    const published = await t.injectAs({ method: 'POST', url: '/api/heroes/publish' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await problems(t, 'empty-section')).some((p) => p.section === 'heroes')).toBe(false);
  });

  it('stale-content: a published record unchanged for STALE_AFTER_DAYS, until it is updated', async () => {
    const faq = await create(t, faqs, { title: 'Old question' });
    expect((await problems(t, 'stale-content')).some((p) => p.id === faq.id)).toBe(false);
    const at = daysAgo(40);
    await t.db
      .updateTable('faqs' as 'users')
      .set({ updated_at: at } as never)
      .where('id', '=', Number(faq.id))
      .execute();
    const stale = (await problems(t, 'stale-content')).find((p) => p.id === faq.id);
    expect(stale).toEqual({
      check: 'stale-content',
      severity: 'notice',
      section: 'faqs',
      id: faq.id,
      title: 'Old question',
      field: null,
      message: `This FAQ has not changed since ${at.slice(0, 10)} (40 days). Check that it is still right, and update it.`,
    });
    const updated = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(faq.id)}`,
      payload: { title: 'New question' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await problems(t, 'stale-content')).some((p) => p.id === faq.id)).toBe(false);
  });

  it('draft-waiting: changes left unpublished for two weeks, until they are published', async () => {
    const faq = await create(t, faqs, { title: 'Waiting' });
    const url = `/api/faqs/${String(faq.id)}`;
    expect(
      (await t.injectAs({ method: 'PUT', url: `${url}/changes`, payload: { title: 'Waiting, changed' } })).statusCode,
    ).toBe(200);
    expect((await problems(t, 'draft-waiting')).some((p) => p.id === faq.id)).toBe(false);
    await t.db
      .updateTable('pending_changes')
      .set({ updated_at: daysAgo(20) })
      .where('record_id', '=', Number(faq.id))
      .execute();
    expect((await problems(t, 'draft-waiting')).find((p) => p.id === faq.id)).toMatchObject({
      severity: 'notice',
      section: 'faqs',
      title: 'Waiting, changed',
      message:
        'Changes to this FAQ have waited 20 days without being published. Publish them, or discard them if they are no longer wanted.',
    });
    expect((await t.injectAs({ method: 'POST', url: `${url}/publish` })).statusCode).toBe(200);
    expect((await problems(t, 'draft-waiting')).some((p) => p.id === faq.id)).toBe(false);
  });

  it('schedule-failed: the latest schedule of a record failed, until a newer one is set', async () => {
    const faq = await create(t, faqs, { title: 'Scheduled' });
    const row = {
      section: 'faqs',
      record_id: Number(faq.id),
      action: 'publish' as const,
      set_by: 'editor',
      set_at: daysAgo(2),
    };
    await t.db
      .insertInto('schedules')
      .values({
        ...row,
        due_at: '2026-01-05T09:00:00.000Z',
        state: 'failed',
        reason: 'The record was deleted.',
        finished_at: daysAgo(1),
      })
      .execute();
    expect((await problems(t, 'schedule-failed')).find((p) => p.id === faq.id)).toMatchObject({
      severity: 'error',
      title: 'Scheduled',
      message:
        'The publish of this FAQ scheduled for 2026-01-05 09:00 UTC did not happen: The record was deleted. Fix what it says, then publish it or schedule it again.',
    });
    await t.db
      .insertInto('schedules')
      .values({ ...row, due_at: daysAgo(-3), state: 'pending' })
      .execute();
    expect((await problems(t, 'schedule-failed')).some((p) => p.id === faq.id)).toBe(false);
  });

  it('webhook-failing: the last delivery failed or Bursary turned it off; only administrators see where it sends', async () => {
    const now = new Date().toISOString();
    const hook = await t.db
      .insertInto('webhooks')
      .values({ url: 'https://site.example/hook', events: '["*"]', secret: 'sealed', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = {
      webhook_id: Number(hook.id),
      event_id: 'msg_1',
      type: 'site.changed',
      payload: '{}',
      next_attempt_at: now,
      created_at: now,
    };
    await t.db
      .insertInto('webhook_deliveries')
      .values({ ...delivery, attempt: 1, state: 'sent', status_code: 200 })
      .execute();
    expect(await problems(t, 'webhook-failing')).toEqual([]);
    await t.db
      .insertInto('webhook_deliveries')
      .values({ ...delivery, attempt: 1, state: 'failed', status_code: 500, error: 'The endpoint answered 500.' })
      .execute();
    expect(await problems(t, 'webhook-failing')).toEqual([
      {
        check: 'webhook-failing',
        severity: 'error',
        section: null,
        id: null,
        title: 'https://site.example/hook',
        field: null,
        message:
          "The webhook to https://site.example/hook is not reaching the website, which may show old content. Its last delivery failed: The endpoint answered 500. Check the address and the website's receiver on the Webhooks page.",
      },
    ]);
    const seenByEditor = await problems(t, 'webhook-failing', editor);
    expect(seenByEditor).toHaveLength(1);
    expect(JSON.stringify(seenByEditor)).not.toContain('site.example');
    await t.db
      .insertInto('webhook_deliveries')
      .values({ ...delivery, attempt: 2, state: 'sent', status_code: 204 })
      .execute();
    expect(await problems(t, 'webhook-failing')).toEqual([]);
    await t.db
      .updateTable('webhooks')
      .set({ enabled: 0, disabled_reason: 'Turned off: the endpoint answered 410 Gone.' })
      .execute();
    expect((await problems(t, 'webhook-failing'))[0]?.message).toContain('Turned off: the endpoint answered 410 Gone.');
    await t.db.deleteFrom('webhook_deliveries').execute();
    await t.db.deleteFrom('webhooks').execute();
  });

  it('backup-overdue and admin-without-2fa: administrators only, gone once a backup is made and the second factor is on', async () => {
    expect((await problems(t, 'backup-overdue'))[0]?.message).toBe(
      "No backup has been made yet, so a mistake or a failed disk could lose the website's content. Run npm run backup, or set BACKUP_EVERY_HOURS so the server makes them.",
    );
    expect(await problems(t, 'backup-overdue', editor)).toEqual([]);
    await recordBackupMade(t.db as unknown as Kysely<unknown>, new Date(Date.now() - 8 * DAY_MS));
    expect((await problems(t, 'backup-overdue'))[0]?.message).toMatch(
      /^No backup has been made since \d{4}-\d\d-\d\d \d\d:\d\d UTC,/,
    );
    await recordBackupMade(t.db as unknown as Kysely<unknown>, new Date());
    expect(await problems(t, 'backup-overdue')).toEqual([]);

    const admins = await problems(t, 'admin-without-2fa');
    expect(admins.map((p) => p.title)).toContain('editor');
    expect(admins.find((p) => p.title === 'editor')?.message).toBe(
      'The administrator "editor" signs in with a password alone: anyone who learns it can change everything. Ask them to turn on two-factor sign-in on their Account page.',
    );
    expect(await problems(t, 'admin-without-2fa', editor)).toEqual([]);
    await sql`update users set totp_enabled = 1 where role = 'admin'`.execute(t.db);
    expect(await problems(t, 'admin-without-2fa')).toEqual([]);
  });
});

describe.each(dialects)('alternative text of image fields (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('missing-alt-text: a published image with no alternative text, until the media library describes it', async () => {
    const image = await storedImageUrl(t.db, 7);
    const made = await t.injectAs({ method: 'POST', url: '/api/heroes', payload: { title: 'Welcome', image } });
    expect(made.statusCode, made.body).toBe(201);
    const found = (await problems(t, 'missing-alt-text')).find((p) => p.section === 'heroes');
    expect(found).toEqual({
      check: 'missing-alt-text',
      severity: 'warning',
      section: 'heroes',
      id: made.json<{ id: number }>().id,
      title: 'Welcome',
      field: 'image',
      message:
        'The image in "Image" has no alternative text, so people who cannot see it miss what it shows. Describe it in the Alternative text field beside the image.',
    });
    const name = image.slice('/media/'.length);
    const described = await t.injectAs({
      method: 'PATCH',
      url: `/api/media/${name}`,
      payload: { alt: 'Students outside the library' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await problems(t, 'missing-alt-text')).some((p) => p.section === 'heroes')).toBe(false);
  });
});
