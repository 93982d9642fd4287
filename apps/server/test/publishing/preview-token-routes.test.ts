import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { deleteExpiredPreviewTokens } from '../../src/pending/preview-tokens.ts';
import { createdRecord } from './schedule-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;

interface Created {
  id: number;
  token: string;
  expires_at: string;
  url: string | null;
}

describe.each(dialects)('preview tokens on %s', (dialect) => {
  let t: TestApp;
  let withUrl: TestApp;
  let draftId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    withUrl = await buildTestApp({
      dialect,
      config: { previewUrl: 'https://fund.example/preview?token={token}&section={section}&id={id}' },
    });
    draftId = await createdRecord(t, faqs, 1, 'draft');
  });
  afterAll(async () => {
    await t.close();
    await withUrl.close();
  });

  const create = async (app: TestApp, payload?: object) => {
    const res = await app.injectAs({ method: 'POST', url: '/api/preview-tokens', payload: payload ?? {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Created;
  };
  const previewRead = (token: string, id = draftId) =>
    t.app.inject({ method: 'GET', url: `/api/faqs/${id}?preview=${encodeURIComponent(token)}` });

  it('creates a random one-hour token, stored only as its SHA-256, that reads drafts', async () => {
    const before = Date.now();
    const created = await create(t);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBeNull();
    const expires = new Date(created.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const row = await t.db
      .selectFrom('preview_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.created_by).toBe('editor');
    expect((await previewRead(created.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${draftId}` })).statusCode).toBe(404);
    expect((await create(t)).token).not.toBe(created.token);
  });

  it('fills PREVIEW_URL with the token, section and id, each URL-encoded', async () => {
    const created = await create(withUrl, { section: 'faqs', id: 12 });
    expect(created.url).toBe(
      `https://fund.example/preview?token=${encodeURIComponent(created.token)}&section=faqs&id=12`,
    );
    const bare = await create(withUrl);
    expect(bare.url).toBe(`https://fund.example/preview?token=${encodeURIComponent(bare.token)}&section=&id=`);
  });

  it('reads only: the token opens no write, and is no sign-in', async () => {
    const { token } = await create(t);
    const bearer = { authorization: `Bearer ${token}` };
    const writes = [
      { method: 'PUT' as const, url: `/api/faqs/${draftId}`, payload: { title: 'Changed' } },
      { method: 'POST' as const, url: `/api/faqs/${draftId}/publish` },
      { method: 'POST' as const, url: '/api/preview-tokens', payload: {} },
      { method: 'PUT' as const, url: `/api/faqs/${draftId}/schedule`, payload: { publish_at: '2099-01-01T00:00:00Z' } },
    ];
    for (const write of writes) {
      expect((await t.app.inject({ ...write, headers: bearer })).statusCode, write.url).toBe(401);
      const viaPreview = await t.app.inject({ ...write, url: `${write.url}?preview=${token}` });
      expect(viaPreview.statusCode, write.url).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules', headers: bearer })).statusCode).toBe(401);
    const after = await t.injectAs({ method: 'GET', url: `/api/faqs/${draftId}?status=all` });
    expect(after.json()).toMatchObject({ status: 'draft', title: 'title sample 1' });
  });

  it('is refused once revoked (204), and a missing token is 404', async () => {
    const created = await create(t);
    expect((await previewRead(created.token)).statusCode).toBe(200);
    const revoked = await t.injectAs({ method: 'DELETE', url: `/api/preview-tokens/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    expect((await previewRead(created.token)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('preview_tokens')
      .select('revoked_at')
      .where('id', '=', created.id)
      .executeTakeFirst();
    expect(row?.revoked_at).not.toBeNull();
    expect((await t.injectAs({ method: 'DELETE', url: `/api/preview-tokens/${created.id}` })).statusCode).toBe(204);
    const missing = await t.injectAs({ method: 'DELETE', url: '/api/preview-tokens/999999' });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe('No preview token with id 999999.');
  });

  it('is refused once expired, and the sweep deletes expired tokens only', async () => {
    const expired = await create(t);
    const live = await create(t);
    await t.db
      .updateTable('preview_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    expect((await previewRead(expired.token)).statusCode).toBe(401);
    expect(await deleteExpiredPreviewTokens(t.db, new Date())).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom('preview_tokens').select('id').execute();
    expect(left.map((r) => Number(r.id))).toContain(live.id);
    expect(left.map((r) => Number(r.id))).not.toContain(expired.id);
    expect((await previewRead(live.token)).statusCode).toBe(200);
  });

  it('is for editors and admins, and refuses a bad body with sentences', async () => {
    const viewer = { authorization: `Bearer ${await signInAs(t, 'viewer')}` };
    const editor = { authorization: `Bearer ${await signInAs(t, 'editor')}` };
    const post = { method: 'POST' as const, url: '/api/preview-tokens', payload: {} };
    expect((await t.app.inject({ ...post, headers: viewer })).statusCode).toBe(403);
    expect((await t.app.inject(post)).statusCode).toBe(401);
    expect((await t.app.inject({ ...post, headers: editor })).statusCode).toBe(201);
    const { id } = await create(t);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/preview-tokens/${id}`, headers: viewer })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/preview-tokens/${id}` })).statusCode).toBe(401);

    const count = async () => (await t.db.selectFrom('preview_tokens').select('id').execute()).length;
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{ section: 'nope' }, /^section must be one of: /],
      [{ section: 'faqs', id: 0 }, /^id must be a positive whole number\.$/],
      [{ section: 'faqs', id: '3' }, /^id must be a positive whole number\.$/],
      [{ id: 3 }, /^An id needs its section\.$/],
      [{ token: 'mine' }, /^token is not accepted here\.$/],
      [[1], /The body must be a JSON object/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.injectAs({ method: 'POST', url: '/api/preview-tokens', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});
