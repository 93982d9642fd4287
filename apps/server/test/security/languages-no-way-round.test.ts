// Promise 23 of the security testing plan: languages are no way round the rules. A translation write passes the
// same validation, sanitising, roles and If-Match as the default language's; a private language is never in a
// public read; a fallback never shows a pending change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { multipartBody } from '../multipart.ts';
import { previewToken } from '../publishing/publishing-helpers.ts';

type Body = Record<string, unknown>;

describe.each(dialects)('languages are no way round the rules (%s)', (dialect) => {
  let t: TestApp;
  let id: number;
  let viewer: string;
  const translations = async () => t.db.selectFrom('translations').select(['locale', 'field', 'value']).execute();

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    viewer = await signInAs(t, 'viewer');
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr' } });
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'sw' } });
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
    });
    id = (faq.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  it('validates a translation as the default language: required, bounds, unknown fields and types', async () => {
    for (const payload of [
      { title: '' },
      { title: 'x'.repeat(501) },
      { nonsense: 'x' },
      { title: 42 },
      { id: 7 },
      { title: 'a\u0000b' },
    ]) {
      const refused = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}?locale=fr`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await translations()).toEqual([]);
  });

  it('sanitises rich text in a translation as in the default language, JSON or multipart', async () => {
    const json = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}?locale=fr`,
      payload: {
        description: '<p onclick="x()">Oui<script>alert(1)</script> <a href="javascript:alert(1)">lien</a></p>',
      },
    });
    expect(json.statusCode, json.body).toBe(200);
    const stored = (await translations()).find((row) => row.field === 'description')?.value ?? '';
    expect(stored).not.toMatch(/script|onclick|javascript:/i);
    expect(stored).toContain('Oui');
    const form = multipartBody({ title: 'Comment postuler ?', description: '<img src=x onerror=alert(1)><p>Form</p>' });
    const multipart = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}?locale=fr`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toMatchObject({ title: 'Comment postuler ?', locale: 'fr' });
    expect((await translations()).find((row) => row.field === 'description')?.value).not.toMatch(/onerror/i);
  });

  it('takes the same roles and If-Match as the default language', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/faqs/${id}?locale=fr`, payload: { title: 'A' } });
    expect(anonymous.statusCode).toBe(401);
    const byViewer = await t.app.inject({
      method: 'PUT',
      url: `/api/faqs/${id}?locale=fr`,
      payload: { title: 'A' },
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(byViewer.statusCode).toBe(403);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/faqs/${id}/translations/fr`,
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(removal.statusCode).toBe(403);
    const stale = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${id}?locale=fr`,
      payload: { title: 'B' },
      headers: { 'if-match': `"${id}-1"` },
    });
    expect(stale.statusCode).toBe(412);
    const staleRemoval = await t.injectAs({
      method: 'DELETE',
      url: `/api/faqs/${id}/translations/fr`,
      headers: { 'if-match': `"${id}-1"` },
    });
    expect(staleRemoval.statusCode).toBe(412);
    expect((await t.app.inject({ method: 'GET', url: `/api/faqs/${id}?locale=fr` })).json()).toMatchObject({
      title: 'Comment postuler ?',
    });
  });

  it('never answers a private language on a public read', async () => {
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}?locale=sw`, payload: { title: 'Siri ya sw' } });
    for (const url of [
      `/api/faqs?locale=sw`,
      `/api/faqs/${id}?locale=sw`,
      `/api/faqs?locale=sw&q=siri`,
      `/api/faqs?locale=sw&limit=1`,
      `/api/faqs?locale=*`,
      `/api/faqs?locale=fr&q=siri`,
      `/api/faqs?locale=fr`,
      `/api/faqs/${id}`,
      `/api/faqs`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('Siri ya sw');
    }
    const languages = (await t.app.inject({ method: 'GET', url: '/api/locales' })).json() as Body[];
    expect(languages.map((l) => l.code)).toEqual(['en', 'fr']);
  });

  it('never shows a pending change through a fallback', async () => {
    await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}/changes`, payload: { title: 'Pending title' } });
    await t.injectAs({ method: 'DELETE', url: `/api/faqs/${id}/translations/fr` });
    const token = await previewToken(t);
    for (const url of [
      `/api/faqs/${id}?locale=fr`,
      `/api/faqs?locale=fr`,
      `/api/faqs/${id}?locale=fr&preview=${token}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('Pending title');
      expect(res.body, url).toContain('How do I apply?');
    }
  });
});
