// Language writes racing across app instances on one PostgreSQL database: each check and its write are one
// serialised step, so no fallback cycle, no fallback to a deleted language, and no deadlock is ever answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, freshSchema, type TestApp } from '../helper.ts';

type Locale = { code: string; fallback: string | null };
/** Codes of the private-use range qaa–qtz, one per round. */
const letter = (n: number) => 'abcdefghij'.charAt(n);

// several SQLite connections in one process would wait for each other's locks on its one thread; SQLite has one
// writer, and each language write checks inside its write transaction
describe.runIf(dialects.includes('postgres'))('language writes across two app instances on PostgreSQL', () => {
  const apps: TestApp[] = [];
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const schema = await freshSchema();
    drop = schema.drop;
    for (let n = 0; n < 2; n += 1) apps.push(await buildTestApp({ dialect: 'postgres', pgSchema: schema.name }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });
  const [one, two] = [() => apps[0]!, () => apps[1]!];
  const add = async (code: string) =>
    expect((await one().injectAs({ method: 'POST', url: '/api/locales', payload: { code } })).statusCode).toBe(201);
  const locales = async () => (await one().injectAs({ method: 'GET', url: '/api/locales' })).json<Locale[]>();
  const patch = (t: TestApp, code: string, payload: object) =>
    t.injectAs({ method: 'PATCH', url: `/api/locales/${code}`, payload });

  it('never stores a fallback cycle from two crossing changes', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = [`qa${letter(round)}`, `qb${letter(round)}`] as const;
      await add(a);
      await add(b);
      const answers = await Promise.all([patch(one(), a, { fallback: b }), patch(two(), b, { fallback: a })]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 400]);
      const stored = await locales();
      const fallbackOf = (code: string) => stored.find((l) => l.code.toLowerCase() === code.toLowerCase())?.fallback;
      expect(fallbackOf(a) === null || fallbackOf(b) === null).toBe(true);
    }
  });

  it('never stores a fallback to a language deleted at the same time', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = [`qc${letter(round)}`, `qd${letter(round)}`];
      await add(a);
      await add(b);
      const answers = await Promise.all([
        patch(one(), a, { fallback: b }),
        two().injectAs({ method: 'DELETE', url: `/api/locales/${b}` }),
      ]);
      expect(answers[1]!.statusCode, answers[1]!.body).toBe(200);
      expect([200, 400], answers[0]!.body).toContain(answers[0]!.statusCode);
      const stored = await locales();
      const codes = new Set(stored.map((l) => l.code));
      for (const locale of stored) if (locale.fallback !== null) expect(codes).toContain(locale.fallback);
    }
  });

  it('deletes a language while translations are written to it: 2xx or a clear 409/404, never 503', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const res = await one().injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: `Question ${String(n)}`, description: '<p>Answer</p>' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(Number(res.json<{ id: number }>().id));
    }
    for (let round = 0; round < 5; round += 1) {
      const code = `qe${letter(round)}`;
      await add(code);
      for (const id of ids)
        await one().injectAs({
          method: 'PUT',
          url: `/api/faqs/${String(id)}?locale=${code}`,
          payload: { title: 'Vorher' },
        });
      const writes = ids.map((id, n) =>
        apps[n % 2]!.injectAs({
          method: 'PUT',
          url: `/api/faqs/${String(id)}?locale=${code}`,
          payload: { title: `Frage ${String(n)}`, description: '<p>Antwort</p>' },
        }),
      );
      const answers = await Promise.all([two().injectAs({ method: 'DELETE', url: `/api/locales/${code}` }), ...writes]);
      for (const res of answers)
        expect([200, 404, 409], `${String(res.statusCode)} ${res.body}`).toContain(res.statusCode);
      expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
      const left = await one().db.selectFrom('locales').select('code').where('code', '=', code).execute();
      expect(left).toEqual([]);
    }
  });
});
