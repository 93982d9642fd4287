import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { buildTestApp, dialects, signInAs, type TestApp } from '../helper.ts';
import { storedImageUrl, textField } from '../factories.ts';
import { type Body, create, markedRecord, recordUrl, uniqueText } from './publishing-helpers.ts';

/**
 * Drafts never leak: for every section, every public read path, without a token and with a viewer's,
 * shows neither a draft nor a change that waits to be published. Each text is unique, and the raw
 * answer bodies are searched for it, so no field, sub-item or header can carry it unseen.
 */

/** The section's text field set to `text`, as a body of changes. */
function changeOf(section: SectionDef, text: string): Body {
  const field = textField(section);
  const body: Body = { [field]: section.fields[field]?.kind === 'richtext' ? `<p>${text}</p>` : text };
  const sub = section.subItems;
  if (sub) body[sub.field] = [{ [sub.itemKey]: text }];
  return body;
}

/** Every public read of a section, by the ids it has, a search for each secret and a paged total. */
function publicReads(section: SectionDef, ids: number[], secrets: string[]): string[] {
  const base = `/api/${section.slug}`;
  return [
    base,
    `${base}/`,
    `${base}?limit=1000`,
    `${base}?limit=1&offset=0`,
    `${base}?status=published`,
    ...secrets.map((secret) => `${base}?q=${encodeURIComponent(secret)}`),
    ...ids.map((id) => `${base}/${id}`),
  ];
}

describe.each(dialects)('drafts and waiting changes never leak on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  let callers: [string, Record<string, string>][];
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    imageUrl = await storedImageUrl(t.db);
    callers = [
      ['no token', {}],
      ['a viewer', { authorization: `Bearer ${await signInAs(t, 'viewer')}` }],
    ];
  });
  afterAll(() => t.close());

  /** Reads every path as every caller; no body holds a secret, and the totals count published records only. */
  async function expectNoLeak(section: SectionDef, ids: number[], secrets: string[], published: number) {
    for (const [who, headers] of callers) {
      for (const url of publicReads(section, ids, secrets)) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([200, 404], `${who} ${url}`).toContain(res.statusCode);
        for (const secret of secrets) expect(res.body, `${who} ${url}`).not.toContain(secret);
        expect(JSON.stringify(res.headers), `${who} ${url}`).not.toMatch(new RegExp(secrets.join('|')));
        if (url.includes('limit=')) expect(res.headers['x-total-count'], `${who} ${url}`).toBe(String(published));
      }
    }
  }

  it.each(sections.filter((s) => s.kind === 'collection'))(
    '$slug: a draft and a published record with waiting changes, every public read path',
    async (section) => {
      const draftText = uniqueText('draft');
      const changeText = uniqueText('change');
      const draft = await create(t, section, markedRecord(section, 1, imageUrl, draftText), 'draft');
      const live = await create(t, section, markedRecord(section, 2, imageUrl, uniqueText('live')));
      const saved = await t.injectAs({
        method: 'PUT',
        url: `${recordUrl(section, Number(live.id))}/changes`,
        payload: changeOf(section, changeText),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await expectNoLeak(section, [Number(draft.id), Number(live.id)], [draftText, changeText], 1);
      // the live record itself is still answered, as it is live
      const one = await t.app.inject({ method: 'GET', url: `/api/${section.slug}/${String(live.id)}` });
      expect(one.json()).toEqual(live);
    },
  );

  it.each(sections.filter((s) => s.kind === 'single'))(
    '$slug: its record as a draft (sub-items too), then published with waiting changes',
    async (section) => {
      const draftText = uniqueText('draft');
      const body = markedRecord(section, 1, imageUrl, draftText);
      const sub = section.subItems;
      if (sub) body[sub.field] = [{ [sub.itemKey]: draftText }];
      const draft = await create(t, section, body, 'draft');
      const id = Number(draft.id);
      if (sub) {
        const added = await t.injectAs({
          method: 'POST',
          url: `/api/${section.slug}/sub`,
          payload: { [sub.itemKey]: `${draftText} added` },
        });
        expect(added.statusCode).toBe(201);
      }
      await expectNoLeak(section, [id], [draftText], 0);

      const published = await t.injectAs({ method: 'POST', url: `/api/${section.slug}/publish` });
      expect(published.statusCode, published.body).toBe(200);
      const liveText = uniqueText('live');
      expect(
        (await t.injectAs({ method: 'PUT', url: `/api/${section.slug}`, payload: changeOf(section, liveText) }))
          .statusCode,
      ).toBe(200);
      const changeText = uniqueText('change');
      const saved = await t.injectAs({
        method: 'PUT',
        url: `/api/${section.slug}/changes`,
        payload: changeOf(section, changeText),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await expectNoLeak(section, [id], [changeText], 1);
      const list = await t.app.inject({ method: 'GET', url: `/api/${section.slug}` });
      expect(list.body).toContain(liveText);
    },
  );
});
