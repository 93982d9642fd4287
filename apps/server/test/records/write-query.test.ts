import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Languages } from '../../src/locales/catalogue.ts';
import { writeLanguageOf } from '../../src/records/write-query.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const english = { code: 'en', name: 'English', fallback: null, public: true, default: true };
const french = { code: 'fr', name: 'Français', fallback: null, public: true, default: false };

/** A catalogue that counts its reads: each costs a look at the database's version. */
function countedCatalogue() {
  const catalogue = {
    reads: 0,
    current: () => {
      catalogue.reads += 1;
      return new Languages('en', [english, french]);
    },
  };
  return catalogue;
}

const requestWith = (query: Record<string, unknown>) => ({ query }) as unknown as FastifyRequest;

describe('the language a write asks for', () => {
  it('is the default one without a query, and the languages are not read for it', async () => {
    const catalogue = countedCatalogue();
    expect(await writeLanguageOf(requestWith({}), catalogue)).toBeUndefined();
    expect(await writeLanguageOf(requestWith({}), catalogue, false)).toBeUndefined();
    expect(catalogue.reads).toBe(0);
  });

  it('is the one `locale` names, read from the languages once', async () => {
    const catalogue = countedCatalogue();
    expect(await writeLanguageOf(requestWith({ locale: 'fr' }), catalogue)).toEqual(french);
    expect(await writeLanguageOf(requestWith({ locale: 'en' }), catalogue)).toBeUndefined();
    expect(catalogue.reads).toBe(2);
  });

  it('refuses another parameter, an unknown language and a language where the write takes none', async () => {
    const catalogue = countedCatalogue();
    await expect(writeLanguageOf(requestWith({ limit: '3' }), catalogue)).rejects.toThrow(/limit is not a parameter/);
    await expect(writeLanguageOf(requestWith({ locale: 'xx' }), catalogue)).rejects.toThrow(/Unknown language "xx"/);
    await expect(writeLanguageOf(requestWith({ locale: 'fr' }), catalogue, false)).rejects.toThrow(
      /locale is not a parameter of this write, which takes none/,
    );
  });
});

describe.each(dialects)('writes without a query (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('create and save a record without reading the languages', async () => {
    const current = vi.spyOn(t.app.locales, 'current');
    try {
      const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'No query' } });
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: number };
      const saved = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}`, payload: { title: 'Still none' } });
      expect(saved.statusCode).toBe(200);
      expect(current).not.toHaveBeenCalled();
      const unknownLanguage = await t.injectAs({
        method: 'PUT',
        url: `/api/faqs/${id}?locale=xx`,
        payload: { title: 'x' },
      });
      expect(unknownLanguage.statusCode).toBe(400);
      expect(current).toHaveBeenCalledTimes(1);
    } finally {
      current.mockRestore();
    }
  });
});

describe.each(dialects)('a write whose locale breaks its declared rules (%s)', (dialect) => {
  let t: TestApp;
  let id: number;
  const revisions = async () =>
    (await t.db.selectFrom('revisions').select('id').where('section', '=', 'faqs').execute()).length;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
    const created = await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'In English' } });
    id = (created.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  it.each([
    ['longer than 40 characters', encodeURIComponent('fr'.padEnd(41, ' ')), 'locale must be at most 40 characters.'],
    ['holding a NUL character', 'fr%00', 'locale must not contain a NUL character.'],
  ])('is refused with 400 when %s, and stores nothing', async (_case, locale, message) => {
    const before = await revisions();
    const put = await t.injectAs({ method: 'PUT', url: `/api/faqs/${id}?locale=${locale}`, payload: { title: 'Non' } });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().message).toBe(message);
    expect(await revisions()).toBe(before);
    const french = await t.injectAs({ method: 'GET', url: `/api/faqs/${id}?status=all&locale=fr` });
    expect(french.json()).toMatchObject({ title: 'In English' });
  });
});
