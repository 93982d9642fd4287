import { beforeAll, describe, expect, it } from 'vitest';
import { onWriteCommitted, writeTransaction } from '../../src/db/write-transaction.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

describe.each(dialects)('writes arriving together on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const logCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('each land with its log row, and a refused one changes nothing of the others', async () => {
    const target = (
      await t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: 'Edited by many' } })
    ).json() as { id: number };
    const logsBefore = await logCount();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) =>
        t.injectAs({ method: 'POST', url: '/api/faqs', payload: { title: `Together ${n}` } }),
      ),
      ...Array.from({ length: 5 }, () =>
        t.injectAs({
          method: 'PUT',
          url: `/api/faqs/${target.id}`,
          headers: { 'if-match': '"1-99"' },
          payload: { title: 'Stale' },
        }),
      ),
      t.injectAs({ method: 'POST', url: '/api/faqs', payload: { description: '<p>no title</p>' } }),
    ]);
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(answers.slice(20, 25).map((a) => a.statusCode)).toEqual(Array(5).fill(412));
    expect(answers[25]?.statusCode).toBe(400);
    const titles = ((await t.app.inject({ method: 'GET', url: '/api/faqs' })).json() as { title: string }[]).map(
      (f) => f.title,
    );
    for (let n = 0; n < 20; n++) expect(titles).toContain(`Together ${n}`);
    expect(titles).toContain('Edited by many');
    expect(await logCount()).toBe(logsBefore + 20);
  });

  it('rolls back a failing write alone when it shares a commit', async () => {
    const before = await logCount();
    const insert = (content: string) =>
      writeTransaction(t.db, async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('logs')
          .values({
            action: 'update',
            content,
            section: 'faqs',
            record_id: null,
            username: 'editor',
            created_at: now,
            updated_at: now,
          })
          .execute();
        if (content === 'fails') throw new Error('refused');
        return content;
      });
    const results = await Promise.allSettled(['a', 'fails', 'b'].map(insert));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const contents = (await t.db.selectFrom('logs').select('content').orderBy('id', 'desc').limit(3).execute()).map(
      (r) => r.content,
    );
    expect(contents).not.toContain('fails');
    expect(await logCount()).toBe(before + 2);
  });

  it('wakes commit listeners for content writes, not for quiet bookkeeping', async () => {
    let calls = 0;
    const stop = onWriteCommitted(t.db, () => (calls += 1));
    try {
      const mark = (quiet: boolean) =>
        writeTransaction(t.db, (trx) => trx.selectFrom('logs').select('id').limit(1).execute(), { quiet });
      await mark(true);
      await Promise.all([mark(true), mark(true)]);
      expect(calls).toBe(0);
      await Promise.all([mark(true), mark(false)]);
      expect(calls).toBe(1);
    } finally {
      stop();
    }
  });
});
