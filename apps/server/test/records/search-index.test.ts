import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { create, uniqueText } from '../publishing/publishing-helpers.ts';
import { answeredSearch, expectSearchAsScanned } from './search-helpers.ts';

const faqs = sections.find((s) => s.slug === 'faqs')!;
const content = sections.find((s) => s.slug === 'content')!;

const KELVIN = '\u212a';
const LONG_S = '\u017f';
const LONG_TEXT = `${'repayment plan words '.repeat(150)}needle-at-the-very-end`;

/** Text that a search must treat exactly as a scan does: case, accents, like's own characters, quotes, markup. */
const TEXTS = [
  'Loan Repayment',
  'LOAN repayment schedule',
  'a small loan',
  "École d'été",
  'ÉCOLE NORMALE',
  'école primaire',
  '100% covered',
  '50%_off the fees',
  'under_score and more',
  'back\\slash path',
  "it's your loan",
  'say "hi" to the fund',
  `${KELVIN}elvin degrees`,
  `${LONG_S}traße and Strasse`,
  'İstanbul campus',
  'ǅungla ǆ ǄX',
  '🎓 graduate day',
  '学生ローンの返済',
  'tab\there',
];

const QUERIES = [
  'loan',
  'LOAN',
  'Loan Rep',
  'lo',
  'l',
  'é',
  'É',
  'école',
  'ÉCOLE',
  'cole',
  "d'é",
  '%',
  '100%',
  '_',
  '%_o',
  '\\',
  'back\\sl',
  "'",
  "it's",
  '"',
  'say "hi"',
  '""',
  KELVIN,
  'k',
  'kelvin',
  `${KELVIN}el`,
  LONG_S,
  `${LONG_S}tr`,
  'str',
  'straße',
  'İst',
  'i̇st',
  'ist',
  'ǆun',
  'Ǆx',
  '🎓',
  '🎓 g',
  '学生',
  '学生ロ',
  'strong',
  '<p>',
  'g>lo',
  '</strong> a',
  'needle-at-the-very-end',
  'plan words repayment plan words repayment plan words',
  'x'.repeat(500),
  `${'repayment plan words '.repeat(20)}`.slice(0, 400),
  '  padded loan  ',
  'nothing-matches-this',
  'tab\th',
];

describe.each(dialects)('search through the index on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    const imageUrl = await storedImageUrl(t.db);
    let n = 0;
    for (const text of TEXTS) {
      n += 1;
      const status = n % 3 === 0 ? 'draft' : 'published';
      await create(t, faqs, { ...sampleRecord(faqs, n, imageUrl), title: text, description: `<p>${text}</p>` }, status);
      await create(
        t,
        faqs,
        {
          ...sampleRecord(faqs, n, imageUrl),
          title: `Question ${n}`,
          description: `<p><strong>Bold</strong> ${text}</p>`,
        },
        n % 2 === 0 ? 'draft' : 'published',
      );
      await create(t, content, { ...sampleRecord(content, n, imageUrl), title: `Item ${n}`, excerpt: text }, status);
      await create(t, content, {
        ...sampleRecord(content, n, imageUrl),
        title: text.toUpperCase(),
        excerpt: 'Plain excerpt',
      });
    }
    await create(t, faqs, {
      ...sampleRecord(faqs, 99, imageUrl),
      title: 'Long answer',
      description: `<p>${LONG_TEXT}</p>`,
    });
  });
  afterAll(() => t.close());

  it('answers every tricky search exactly as a scan of every row: same records, order, pages and totals', async () => {
    for (const q of QUERIES) {
      await expectSearchAsScanned(t, faqs, q);
      await expectSearchAsScanned(t, content, q);
    }
  });

  it('finds what a scan finds for searches the index is used for (a check that the data set is not empty)', async () => {
    const found = await answeredSearch(t, faqs, 'LOAN', { publishedOnly: false });
    expect(found.total).toBeGreaterThan(4);
    expect((await answeredSearch(t, content, `${LONG_S}tr`, { publishedOnly: false })).total).toBeGreaterThan(0);
    expect((await answeredSearch(t, faqs, 'needle-at-the-very-end', { publishedOnly: true })).total).toBe(1);
  });
});

describe.each(dialects)('the search index follows every write on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
  });
  afterAll(() => t.close());

  const idsFound = async (q: string, publishedOnly: boolean) =>
    (await answeredSearch(t, faqs, q, { publishedOnly })).ids;

  it('create, update, waiting changes and their publishing, unpublish, delete and restore from the trash', async () => {
    const first = uniqueText('Firstmark');
    const second = uniqueText('Secondmark');
    const third = uniqueText('Thirdmark');
    const record = await create(t, faqs, { ...sampleRecord(faqs, 1, imageUrl), title: first });
    const id = Number(record.id);
    const url = `/api/faqs/${id}`;
    expect(await idsFound(first, true)).toEqual([id]);

    const updated = await t.injectAs({ method: 'PUT', url, payload: { title: `Now ${second}` } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await idsFound(first, true)).toEqual([]);
    expect(await idsFound(second.toUpperCase(), true)).toEqual([id]);

    // waiting changes are not the record's text until they are published
    const saved = await t.injectAs({
      method: 'PUT',
      url: `${url}/changes`,
      payload: { description: `<p>${third}</p>` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await idsFound(third, false)).toEqual([]);
    const published = await t.injectAs({ method: 'POST', url: `${url}/publish` });
    expect(published.statusCode, published.body).toBe(200);
    expect(await idsFound(third, true)).toEqual([id]);
    expect(await idsFound(second, true)).toEqual([id]);

    const unpublished = await t.injectAs({ method: 'POST', url: `${url}/unpublish` });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(await idsFound(third, true)).toEqual([]);
    expect(await idsFound(third, false)).toEqual([id]);

    const removed = await t.injectAs({ method: 'DELETE', url });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await idsFound(third, false)).toEqual([]);
    const { revision_id: revisionId } = removed.json() as { revision_id: number };
    const restored = await t.injectAs({ method: 'POST', url: `/api/revisions/${revisionId}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await idsFound(third, false)).toEqual([id]);
    for (const q of [first, second, third, 'mark']) await expectSearchAsScanned(t, faqs, q);
  });

  it('answers a search asked again from memory only while the section is unchanged', async () => {
    const word = uniqueText('Cachedword');
    const url = `/api/faqs?q=${word}`;
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual([]);
    const record = await create(t, faqs, { ...sampleRecord(faqs, 2, imageUrl), title: word });
    const found = await t.app.inject({ method: 'GET', url });
    expect((found.json() as { id: number }[]).map((r) => r.id)).toEqual([record.id]);
    expect(found.headers['x-total-count']).toBe('1');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(found.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-total-count']).toBe('1');
    const renamed = await t.injectAs({
      method: 'PUT',
      url: `/api/faqs/${String(record.id)}`,
      payload: { title: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(found.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
    expect(after.headers['x-total-count']).toBe('0');
  });
});
