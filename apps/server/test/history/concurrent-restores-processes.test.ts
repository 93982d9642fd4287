import { afterEach, describe, expect, it } from 'vitest';
import { call, type Cleanup, twoServers } from '../reliability/two-processes.ts';

/**
 * Restores sent at once to two server processes on one database never answer
 * 500; each record ends as one of the versions restored onto it. Ports 3584–3587 are this suite's.
 */
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

interface Revision {
  id: number;
  record: { title: string };
}

describe.each(databases)('concurrent restores across two server processes on %s', (database) => {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'answers 32 restores of the same and different records with 200 or 503 only, each record left as a restored version',
    { timeout: 180_000 },
    async () => {
      const { bases, token } = await twoServers(database, pgUrl, database === 'sqlite' ? 3584 : 3586, cleanups);
      const [first] = bases;
      // four records with four versions each; the last is deleted, so its restores bring it back
      const ids: number[] = [];
      for (let r = 0; r < 4; r += 1) {
        const created = await call(first, token, 'POST', '/api/faqs', {
          title: `record ${r} version 0`,
          description: `<p>record ${r} version 0</p>`,
        });
        expect(created.status).toBe(201);
        const id = (created.body as { id: number }).id;
        ids.push(id);
        for (let v = 1; v < 4; v += 1) {
          const put = await call(first, token, 'PUT', `/api/faqs/${id}`, {
            title: `record ${r} version ${v}`,
            description: `<p>record ${r} version ${v}</p>`,
          });
          expect(put.status).toBe(200);
        }
      }
      const deleted = ids[3] ?? 0;
      expect((await call(first, token, 'DELETE', `/api/faqs/${deleted}`)).status).toBe(200);
      const revisions = new Map<number, Revision[]>();
      for (const id of ids) {
        const listed = await call(first, token, 'GET', `/api/faqs/${id}/revisions`);
        expect(listed.status).toBe(200);
        // the delete's revision holds the last version too: it is restorable like the others
        revisions.set(id, listed.body as Revision[]);
      }

      // 32 restores: eight per record, each of a version of it, sent to the two processes in turn
      const plan = Array.from({ length: 32 }, (_, n) => {
        const id = ids[n % ids.length] ?? 0;
        const own = revisions.get(id) ?? [];
        return { id, revision: own[Math.floor(n / ids.length) % own.length] as Revision, base: bases[n % 2] ?? first };
      });
      const answers = await Promise.all(
        plan.map((p) => call(p.base, token, 'POST', `/api/revisions/${p.revision.id}/restore`)),
      );
      const statuses = answers.map((a) => a.status);
      const counts = statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {});
      console.log(`${database}: restore statuses ${JSON.stringify(counts)}`);
      expect(
        answers.filter((a) => a.status !== 200 && a.status !== 503),
        'every answer is 200, or 503 when the database stayed busy',
      ).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) {
        expect(a.retryAfter).toBe('1');
        expect((a.body as { message: string }).message).toMatch(/\.$/);
      }

      for (const id of ids) {
        const restoredTitles = plan
          .filter((p, n) => p.id === id && statuses[n] === 200)
          .map((p) => p.revision.record.title);
        const read = await call(first, token, 'GET', `/api/faqs/${id}`);
        expect(read.status).toBe(200);
        const title = (read.body as { title: string }).title;
        if (restoredTitles.length > 0) expect(restoredTitles).toContain(title);
        else expect(revisions.get(id)?.map((r) => r.record.title)).toContain(title);
      }
    },
  );
});
