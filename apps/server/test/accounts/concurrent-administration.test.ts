import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** Concurrent last-admin changes never answer 500, and an administrator is always left. */
describe.each(dialects)('concurrent administration on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    // copies of the first administrator under other names: no password hash is computed for them
    const first = await t.db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    // the step reads back as a string on PostgreSQL (bigint); a fresh administrator has none
    const { id: _id, totp_last_step: _step, ...columns } = first;
    for (let n = 0; n < 8; n += 1) {
      const row = await t.db
        .insertInto('users')
        .values({ ...columns, username: `admin-${n}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
  });

  it('answers 64 concurrent demotions and disablings of administrators without a 500, keeping one active administrator', async () => {
    const all = [...ids, 1];
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, n) =>
        t.injectAs({
          method: 'PATCH',
          url: `/api/users/${all[n % all.length]}`,
          payload: n % 2 ? { role: 'viewer' } : { disabled: true },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s >= 500 && s !== 503),
      JSON.stringify(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)),
    ).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode === 409 || x.statusCode === 503))
      expect((a.json() as { message: string }).message).toMatch(/\.$/);
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });
});
