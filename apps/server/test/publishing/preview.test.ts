import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { type Body, create, emptySection, previewToken, uniqueText } from './publishing-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const benefits = sections.find((s) => s.slug === 'benefits')!;

describe.each(dialects)('preview reads on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    token = await previewToken(t);
  });
  afterAll(() => t.close());

  it('answers the site as it will be: drafts included, waiting changes applied, no status fields', async () => {
    await emptySection(t, faqs);
    const draftText = uniqueText('draft');
    const changeText = uniqueText('change');
    const draft = await create(t, faqs, { title: draftText }, 'draft');
    const live = await create(t, faqs, { title: 'Live', description: 'Live text' });
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${String(live.id)}/changes`, payload: { title: changeText } });
    for (const request of [
      { url: `/api/faqs?preview=${token}` },
      { url: '/api/faqs', headers: { 'bursary-preview': token } },
      { url: `/api/faqs?limit=10&preview=${token}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', ...request });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const list = res.json() as Body[];
      expect(list.map((r) => r.title)).toEqual([changeText, draftText]);
      expect(list[0]).toMatchObject({ id: live.id, description: 'Live text' });
      expect(list[0]).not.toHaveProperty('status');
      expect(list[0]).not.toHaveProperty('has_changes');
    }
    const one = await t.app.inject({ method: 'GET', url: `/api/faqs/${String(draft.id)}?preview=${token}` });
    expect(one.json()).toMatchObject({ title: draftText });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/faqs/${String(live.id)}`,
      headers: { 'bursary-preview': token },
    });
    expect(changed.json()).toMatchObject({ title: changeText });
    // the same reads without the token stay public
    const pub = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(pub.body).not.toContain(draftText);
    expect(pub.body).not.toContain(changeText);
  });

  it('gives items the waiting changes add a negative id until they are published', async () => {
    await create(t, benefits, { title: 'Benefits', benefits: [{ benefit: 'Fees' }] });
    const live = (await t.app.inject({ method: 'GET', url: '/api/benefits' })).json() as Body[];
    const [fees] = live[0]?.benefits as { id: number }[];
    await t.injectAs({
      method: 'PUT',
      url: '/api/benefits/changes',
      payload: { benefits: [{ benefit: 'Books' }, { id: fees?.id, benefit: 'Fees and rent' }, { benefit: 'Meals' }] },
    });
    const preview = await t.app.inject({ method: 'GET', url: `/api/benefits?preview=${token}` });
    expect((preview.json() as Body[])[0]?.benefits).toEqual([
      { id: -1, benefit: 'Books' },
      { id: fees?.id, benefit: 'Fees and rent' },
      { id: -2, benefit: 'Meals' },
    ]);
  });

  it('refuses a bad, expired or revoked token with 401 and a sentence, and status=all with it', async () => {
    const expired = await previewToken(t, -1000);
    const revoked = await previewToken(t, 3_600_000, true);
    const unknown = 'A'.repeat(43);
    for (const bad of [expired, revoked, unknown, 'short', '']) {
      for (const request of [
        { url: `/api/faqs?preview=${encodeURIComponent(bad)}` },
        { url: '/api/faqs/1', headers: { 'bursary-preview': bad } },
        { url: `/api/steps?preview=${encodeURIComponent(bad)}` },
      ]) {
        if (bad === '' && request.headers) continue;
        const res = await t.app.inject({ method: 'GET', ...request });
        expect(res.statusCode, `${bad} ${request.url}`).toBe(401);
        expect((res.json() as { message: string }).message).toBe(
          'This preview link has expired or was revoked. Ask for a new one in the console.',
        );
      }
    }
    const both = await t.injectAs({ method: 'GET', url: `/api/faqs?status=all&preview=${token}` });
    expect(both.statusCode).toBe(400);
  });

  it('reads only: a preview token opens no write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'bursary-preview': token, authorization: `Bearer ${token}` },
      payload: { title: 'Sneaky' },
    });
    expect(res.statusCode).toBe(401);
  });
});
