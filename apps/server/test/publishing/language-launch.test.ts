import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** A language launched or removed tells the website; a preview opens in a language. */
describe.each(dialects)('launching a language on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      config: { previewUrl: 'https://fund.example/{locale}/preview?token={token}&section={section}&id={id}' },
    });
    await t.db
      .insertInto('webhooks')
      .values({ url: 'https://hooks.example/x', events: '["*"]', secret: 'sealed', created_at: '', updated_at: '' })
      .execute();
  });
  afterAll(() => t.close());

  /** The site.changed notes waiting or handed to deliveries, and a fresh start for the next step. */
  const siteChanges = async () => {
    const queued = await t.db.selectFrom('webhook_outbox').select('id').where('type', '=', 'site.changed').execute();
    const sent = await t.db.selectFrom('webhook_deliveries').select('id').where('type', '=', 'site.changed').execute();
    await t.db.deleteFrom('webhook_outbox').where('type', '=', 'site.changed').execute();
    await t.db.deleteFrom('webhook_deliveries').where('type', '=', 'site.changed').execute();
    return queued.length + sent.length;
  };
  const localeLogs = async () =>
    (await t.db.selectFrom('logs').select('content').where('section', '=', 'locales').orderBy('id').execute()).map(
      (row) => row.content,
    );

  it('sends site.changed when a language is launched, hidden or deleted, and audits each', async () => {
    await siteChanges();
    expect((await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr' } })).statusCode).toBe(201);
    // a language the website cannot read changes nothing it shows
    expect(await siteChanges()).toBe(0);
    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { name: 'Français' } });
    expect(await siteChanges()).toBe(0);

    const launched = await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(await siteChanges()).toBe(1);
    expect(await localeLogs()).toContain('Language "Français" (fr) shown on the website');

    await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: false } });
    expect(await siteChanges()).toBe(1);

    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/fr' })).statusCode).toBe(200);
    expect(await siteChanges()).toBe(1);
    expect(await localeLogs()).toContain('Language "Français" (fr) deleted');
  });

  it('fills PREVIEW_URL’s {locale} with the language asked, and refuses one the website does not have', async () => {
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'sw', name: 'Kiswahili' } });
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/preview-tokens',
      payload: { section: 'faqs', id: 3, locale: 'SW' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, url } = created.json() as { token: string; url: string };
    expect(url).toBe(`https://fund.example/sw/preview?token=${encodeURIComponent(token)}&section=faqs&id=3`);
    const bare = (await t.injectAs({ method: 'POST', url: '/api/preview-tokens', payload: {} })).json() as {
      token: string;
      url: string;
    };
    expect(bare.url).toBe(`https://fund.example//preview?token=${encodeURIComponent(bare.token)}&section=&id=`);
    const unknown = await t.injectAs({ method: 'POST', url: '/api/preview-tokens', payload: { locale: 'de' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('locale must be a language of this website: en, sw.');
  });
});
