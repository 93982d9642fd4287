import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { ADMIN_USERNAME } from '../reliability/server-process.ts';
import { call, type Cleanup, twoServers } from '../reliability/two-processes.ts';

/**
 * Last-administrator changes sent at once to two server processes on one
 * database never answer 500, and an active administrator is always left. Ports 3580–3583 are
 * this suite's.
 */
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const databases = pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

interface Listed {
  id: number;
  username: string;
}

describe.each(databases)('concurrent administration across two server processes on %s', (database) => {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'answers 64 demotions and disablings of every administrator with 200, 409 or 503, keeping one active administrator',
    { timeout: 180_000 },
    async () => {
      const { bases, token, shared } = await twoServers(database, pgUrl, database === 'sqlite' ? 3580 : 3582, cleanups);
      const [first] = bases;
      for (let n = 0; n < 8; n += 1) {
        const created = await call(first, token, 'POST', '/api/users', { username: `admin-${n}`, role: 'admin' });
        expect(created.status).toBe(201);
      }
      const users = await call(first, token, 'GET', '/api/users');
      expect(users.status).toBe(200);
      const admins = users.body as Listed[];
      const actor = admins.find((u) => u.username === ADMIN_USERNAME)?.id;
      expect(admins).toHaveLength(9);

      // every administrator is demoted or disabled; the one sending the changes comes last, so that
      // its own change meets the rule (it is then the last administrator) rather than locking it out
      const others = admins.filter((u) => u.id !== actor).map((u) => u.id);
      const plan = Array.from({ length: 64 }, (_, n) => ({
        target: n < 56 ? (others[n % others.length] ?? 0) : (actor ?? 0),
        change: n % 4 < 2 ? { role: 'viewer' } : { disabled: true },
        base: bases[n % 2] ?? first,
      }));
      const answers = await Promise.all(
        plan.map((p) => call(p.base, token, 'PATCH', `/api/users/${p.target}`, p.change)),
      );
      const statuses = answers.map((a) => a.status);
      const counts = statuses.reduce<Record<number, number>>((c, s) => ({ ...c, [s]: (c[s] ?? 0) + 1 }), {});
      console.log(`${database}: administration statuses ${JSON.stringify(counts)}`);

      // requests in flight when a change to the sender itself landed are refused at the door (401 or
      // 403); that can only happen once the sender is no longer an active administrator
      const senderChanged = plan.some((p, n) => p.target === actor && statuses[n] === 200);
      const refusedSender = answers.filter((a) => a.status === 401 || a.status === 403);
      if (!senderChanged) expect(refusedSender).toEqual([]);
      expect(
        answers.filter((a) => ![200, 409, 503, 401, 403].includes(a.status)),
        'every answer is 200, 409 (the last administrator) or 503 (the database stayed busy)',
      ).toEqual([]);
      for (const a of answers.filter((x) => x.status === 409 || x.status === 503))
        expect((a.body as { message: string }).message).toMatch(/\.$/);
      for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter).toBe('1');

      const db = await openDatabase({ dataDir: shared.dataDir ?? '', databaseUrl: shared.databaseUrl });
      try {
        const active = await db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .where('disabled', '=', 0)
          .execute();
        expect(active.length).toBeGreaterThanOrEqual(1);
      } finally {
        await db.destroy();
      }
    },
  );
});
