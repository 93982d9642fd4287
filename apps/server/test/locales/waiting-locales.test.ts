import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

type Body = Record<string, unknown>;

/** A list in the default language names the other languages whose changes wait, which its has_changes does not. */
describe.each(dialects)('waiting_locales on %s', (dialect) => {
  let t: TestApp;
  let faqId: number;
  const listed = async (url: string) => {
    const answer = await t.injectAs({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as Body[]).find((record) => record.id === faqId);
  };

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const faq = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'How do I apply?', description: '<p>Online.</p>' },
    });
    faqId = (faq.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  it('is not answered while the website has one language', async () => {
    expect(await listed('/api/faqs?status=all')).not.toHaveProperty('waiting_locales');
  });

  it("names French in the default language's list while French changes wait, and not once they are published", async () => {
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    expect((await listed('/api/faqs?status=all'))?.waiting_locales).toEqual([]);
    const saved = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${faqId}/changes?locale=fr`,
      payload: { title: 'Comment postuler ?' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = await listed('/api/faqs?status=all');
    expect(record?.waiting_locales).toEqual(['fr']);
    // the default language has nothing waiting of its own
    expect(record?.has_changes).toBe(false);
    expect((await listed('/api/faqs?status=all&locale=*'))?.waiting_locales).toEqual(['fr']);
    // public reads say nothing of it
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs' })).json()[0]).not.toHaveProperty('waiting_locales');

    const published = await t.injectAs({ method: 'POST', url: `/api/faqs/${faqId}/publish?locale=fr` });
    expect(published.statusCode, published.body).toBe(200);
    expect((await listed('/api/faqs?status=all'))?.waiting_locales).toEqual([]);
  });
});
