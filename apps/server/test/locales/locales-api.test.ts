import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

describe.each(dialects)('the languages API on %s', (dialect) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    editor = await signInAs(t, 'editor');
  });
  afterAll(() => t.close());

  const add = (payload: object) => t.injectAs({ method: 'POST', url: '/api/locales', payload });
  const change = (code: string, payload: object) =>
    t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload });
  const list = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: '/api/locales', headers })).json() as Locale[];

  it('has one language on a fresh install: DEFAULT_LOCALE, public and default', async () => {
    expect(await list()).toEqual([{ code: 'en', name: 'English', fallback: null, public: true, default: true }]);
  });

  it('adds a language in canonical form, named in its own language, hidden from the website at first', async () => {
    const added = await add({ code: 'fr-ca' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      code: 'fr-CA',
      name: 'Français canadien',
      fallback: null,
      public: false,
      default: false,
    });
    expect((await list()).map((l) => l.code)).toEqual(['en']);
    expect((await list(t.auth())).map((l) => l.code)).toEqual(['en', 'fr-CA']);
  });

  it('refuses a malformed code (400), an existing one (409) and a write by someone not an administrator (403)', async () => {
    const malformed = await add({ code: 'not a language' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('must be a language code (BCP 47)');
    expect((await add({ code: '*' })).statusCode).toBe(400);
    const twice = await add({ code: 'FR-CA' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The language "Français canadien" (fr-CA) already exists.');
    const byEditor = await t.app.inject({
      method: 'POST',
      url: '/api/locales',
      payload: { code: 'de' },
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(byEditor.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/locales', payload: { code: 'de' } })).statusCode).toBe(401);
  });

  it('takes a chain of fallbacks and refuses one that makes a cycle', async () => {
    expect((await add({ code: 'fr', name: 'Français' })).statusCode).toBe(201);
    const chained = await change('fr-CA', { fallback: 'fr' });
    expect(chained.statusCode, chained.body).toBe(200);
    expect(chained.json()).toMatchObject({ code: 'fr-CA', fallback: 'fr' });
    const cycle = await change('fr', { fallback: 'fr-ca' });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(
      'Falling back to "fr-CA" would make a cycle (fr → fr-CA → fr); choose another language, or none for the default language',
    );
    expect((await change('fr', { fallback: 'fr' })).statusCode).toBe(400);
    const unknown = await change('fr', { fallback: 'de' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('fallback "de" is not a language of this website; add it first');
    // the default language as a fallback is what no fallback means
    expect((await change('fr', { fallback: 'en' })).json()).toMatchObject({ fallback: null });
  });

  it('renames a language and shows it on the website', async () => {
    const shown = await change('fr', { name: 'French', public: true });
    expect(shown.json()).toEqual({ code: 'fr', name: 'French', fallback: null, public: true, default: false });
    expect((await list()).map((l) => l.code)).toEqual(['en', 'fr']);
    const logs = await t.db.selectFrom('logs').select('content').where('section', '=', 'locales').execute();
    expect(logs.map((l) => l.content)).toContain('Language "French" (fr) shown on the website');
  });

  it('keeps the default language: it cannot be hidden, given a fallback or deleted (409)', async () => {
    const hidden = await change('en', { public: false });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().message).toBe(
      'English is the default language: the website always shows it, so it cannot be hidden.',
    );
    expect((await change('en', { fallback: 'fr' })).statusCode).toBe(409);
    const deleted = await t.injectAs({ method: 'DELETE', url: '/api/locales/en' });
    expect(deleted.statusCode).toBe(409);
    expect((await list())[0]).toMatchObject({ code: 'en', public: true, default: true });
  });

  it('deletes a language; those that fell back to it fall back to the default', async () => {
    const deleted = await t.injectAs({ method: 'DELETE', url: '/api/locales/fr' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Language "French" (fr) deleted, with its translations.' });
    expect((await list(t.auth())).find((l) => l.code === 'fr-CA')?.fallback).toBeNull();
    expect((await t.injectAs({ method: 'DELETE', url: '/api/locales/fr' })).statusCode).toBe(404);
    expect((await change('xx-not', { name: 'x' })).statusCode).toBe(404);
  });
});
