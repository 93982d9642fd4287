import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/auth/users.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { PASSWORD } from './login-throttle-helpers.ts';

describe.each(dialects)('sign-in throttle under concurrent guesses on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // 10 failures per username (the default) and, set here to the same, per address in 15 minutes
    t = await buildTestApp({ dialect, config: { loginAddressMaxFailures: 10 } });
    for (const name of ['gus', 'hal']) await createUser(t.db, { username: name, password: PASSWORD });
  });

  /** Status → how many answers had it. */
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {});

  it(
    'evaluates at most 10 of 50 simultaneous wrong guesses for one user; the rest get 429',
    { timeout: 120_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: `10.7.0.${i + 1}`,
            payload: { username: 'gus', password: `wrong guess ${i}` },
          }),
        ),
      );
      const counts = tally(answers.map((res) => res.statusCode));
      expect(counts[401] ?? 0).toBeGreaterThan(0);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
      expect(counts[429] ?? 0).toBeGreaterThanOrEqual(40);
      expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(50);
      // and the right password is refused too until the window passes
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '10.7.1.1',
            payload: { username: 'gus', password: PASSWORD },
          })
        ).statusCode,
      ).toBe(429);
    },
  );

  it(
    'evaluates at most 10 of 50 simultaneous guesses from one address, whatever the usernames',
    { timeout: 120_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '10.8.0.1',
            payload: { username: `someone-${i}`, password: 'wrong guess' },
          }),
        ),
      );
      const counts = tally(answers.map((res) => res.statusCode));
      expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
      expect(counts[429] ?? 0).toBeGreaterThanOrEqual(40);
    },
  );

  it(
    'evaluates at most 10 of 50 simultaneous wrong current passwords on PUT /api/me/password',
    { timeout: 120_000 },
    async () => {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.0.1',
        payload: { username: 'hal', password: PASSWORD },
      });
      const token = (signIn.json() as { token: string }).token;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/me/password',
            remoteAddress: `10.9.1.${i + 1}`,
            headers: { authorization: `Bearer ${token}` },
            payload: { current_password: `wrong current ${i}`, new_password: 'a brand new long password' },
          }),
        ),
      );
      const counts = tally(answers.map((res) => res.statusCode));
      expect(counts[400] ?? 0).toBeGreaterThan(0);
      expect(counts[400] ?? 0).toBeLessThanOrEqual(10);
      expect(counts[429] ?? 0).toBeGreaterThanOrEqual(40);
      const refused = answers.find((res) => res.statusCode === 429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    },
  );
});
