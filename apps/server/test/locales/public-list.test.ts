import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';

describe.each(dialects)('the public list of languages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await signInAs(t, 'editor');
    // fr-CA (public) → fr (private) → de (public); it (public) → es (private) → the default
    for (const payload of [
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français', fallback: 'de' },
      { code: 'fr-CA', name: 'Français (Canada)', fallback: 'fr' },
      { code: 'es', name: 'Español' },
      { code: 'it', name: 'Italiano', fallback: 'es' },
    ])
      expect((await t.injectAs({ method: 'POST', url: '/api/locales', payload })).statusCode).toBe(201);
    for (const code of ['de', 'fr-CA', 'it'])
      await t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload: { public: true } });
  });
  afterAll(() => t.close());

  it('never names a private language: a fallback is the next public one in its chain, or null for the default', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/locales' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('"fr"');
    expect(anonymous.body).not.toContain('"es"');
    expect((anonymous.json() as Locale[]).map((l) => [l.code, l.fallback])).toEqual([
      ['en', null],
      ['de', null],
      ['fr-CA', 'de'],
      ['it', null],
    ]);
    // signed in, the console sees the chain as stored
    const signedIn = (await t.injectAs({ method: 'GET', url: '/api/locales' })).json() as Locale[];
    expect(signedIn.find((l) => l.code === 'fr-CA')?.fallback).toBe('fr');
  });
});
