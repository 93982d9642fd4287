import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createUser } from '../../src/auth/users.ts';
import { SignInAttempts } from '../../src/auth/throttle.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const MINUTE = 60_000;
const PASSWORD = 'a correct long password';

describe.each(dialects)('login throttle counting on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  /** Seconds of Retry-After when the attempt is refused, or 0 when it was admitted (and then counted as a failure). */
  const tryOnce = async (attempts: SignInAttempts, key: string, at: number) => {
    try {
      await attempts.reserve([key], new Date(at));
      return 0;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      return Number(error.headers?.['Retry-After']);
    }
  };

  it('allows the limit, then asks to wait until the window that began with the first failure ends', async () => {
    const attempts = new SignInAttempts(t.db, { maxFailures: 3, windowMinutes: 15 });
    const start = Date.parse('2026-04-01T08:00:00.000Z');
    for (let i = 0; i < 3; i++) expect(await tryOnce(attempts, 'k', start + i * MINUTE)).toBe(0);
    expect(await tryOnce(attempts, 'k', start + 2 * MINUTE)).toBe(13 * 60);
    // refused attempts do not count, so they never push the end of the lock further
    expect(await tryOnce(attempts, 'k', start + 15 * MINUTE - 1000)).toBe(1);
    expect(await tryOnce(attempts, 'k', start + 15 * MINUTE)).toBe(0);
    expect(await tryOnce(attempts, 'other', start)).toBe(0);
  });

  it('gives a released attempt back, and a cleared key starts again', async () => {
    const attempts = new SignInAttempts(t.db, { maxFailures: 2, windowMinutes: 15 });
    const at = Date.parse('2026-04-02T08:00:00.000Z');
    const first = await attempts.reserve(['a', 'b'], new Date(at));
    await attempts.reserve(['a', 'b'], new Date(at));
    await first.release();
    expect(await tryOnce(attempts, 'a', at)).toBe(0);
    expect(await tryOnce(attempts, 'a', at)).toBeGreaterThan(0);
    await attempts.clear('a');
    expect(await tryOnce(attempts, 'a', at)).toBe(0);
    // b still holds one kept and one released attempt: one more is allowed
    expect(await tryOnce(attempts, 'b', at)).toBe(0);
    expect(await tryOnce(attempts, 'b', at)).toBeGreaterThan(0);
  });
});

describe.each(dialects)('sign-in throttle on %s', (dialect) => {
  let current = Date.parse('2026-04-01T08:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      signIn: false,
      auth: { now: () => new Date(current) },
      config: { loginMaxFailures: 3, loginWindowMinutes: 15 },
    });
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'])
      await createUser(t.db, { username: name, password: PASSWORD });
  });

  const attempt = (username: string, password: string, from: string, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: from, payload: { username, password }, ...extra });

  const expectThrottled = (res: Awaited<ReturnType<typeof attempt>>) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/),
      error: expect.stringMatching(/^Too many failed sign-in attempts/),
    });
  };

  it('limits failures per username, across addresses and spellings, even for the right password', async () => {
    expect((await attempt('ann', 'wrong one', '10.1.0.1')).statusCode).toBe(401);
    expect((await attempt(' ANN ', 'wrong two', '10.1.0.2')).statusCode).toBe(401);
    expect((await attempt('Ann', 'wrong three', '10.1.0.3')).statusCode).toBe(401);
    expectThrottled(await attempt('aNn', PASSWORD, '10.1.0.4'));
    // another user is not affected
    expect((await attempt('ben', PASSWORD, '10.1.0.4')).statusCode).toBe(200);
  });

  it('limits failures per address, across usernames, known or not', async () => {
    const from = '10.2.0.1';
    for (const name of ['cat', 'nobody', 'no-one-else'])
      expect((await attempt(name, 'wrong', from)).statusCode).toBe(401);
    expectThrottled(await attempt('dan', PASSWORD, from));
    expect((await attempt('dan', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('is not bypassed by a trailing slash, extra fields, a forged X-Forwarded-For or path case', async () => {
    const from = '10.3.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt('eve', `wrong ${i}`, from)).statusCode).toBe(401);
    expectThrottled(await attempt('eve', PASSWORD, from, { url: '/api/login/' }));
    expectThrottled(
      await attempt('eve', PASSWORD, from, {
        payload: { username: 'eve', password: PASSWORD, remember: true, ip: '1.2.3.4', username2: 'x' },
      }),
    );
    expectThrottled(
      await attempt('eve', PASSWORD, from, {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
      }),
    );
    expectThrottled(await attempt('eve', PASSWORD, '10.3.0.99', { headers: { 'x-forwarded-for': '203.0.113.10' } }));
    for (const url of ['/API/LOGIN', '/api/Login', '/api//login']) {
      const res = await attempt('eve', PASSWORD, from, { url });
      expect(res.statusCode, url).not.toBe(200);
    }
  });

  it('lets the attempts in again once the window has passed', async () => {
    const from = '10.4.0.1';
    for (let i = 0; i < 3; i++) await attempt('fay', `wrong ${i}`, from);
    expectThrottled(await attempt('fay', PASSWORD, from));
    current += 15 * MINUTE;
    expect((await attempt('fay', PASSWORD, from)).statusCode).toBe(200);
  });

  it('refuses a username no real account can have with 400, before anything is counted or stored', async () => {
    for (const username of ['nul\u0000name', 'x'.repeat(5000)]) {
      const res = await attempt(username, 'wrong', '10.6.0.1');
      expect(res.statusCode, username.slice(0, 10)).toBe(400);
      expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'fields', 'message']);
    }
    const keys = await t.db.selectFrom('login_attempts').select('key').execute();
    expect(keys.filter(({ key }) => key.includes('\u0000') || key.length > 1100)).toEqual([]);
  });

  it('a success clears its username count but not its address count', async () => {
    const from = '10.5.0.1';
    await attempt('ben', 'wrong', from);
    await attempt('ben', 'wrong', from);
    expect((await attempt('ben', PASSWORD, from)).statusCode).toBe(200);
    // the username count restarted; the address has two failures against it
    expect((await attempt('ben', 'wrong', '10.5.0.2')).statusCode).toBe(401);
    expect((await attempt('ben', 'wrong', from)).statusCode).toBe(401);
    expectThrottled(await attempt('ben', PASSWORD, from));
  });
});

describe('sign-in throttle defaults', () => {
  it('allows 10 failures per 15 minutes, then answers 429 with Retry-After', async () => {
    const t = await buildTestApp({ signIn: false });
    try {
      expect(t.config.loginMaxFailures).toBe(10);
      expect(t.config.loginWindowMinutes).toBe(15);
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: `user${i}`, password: 'wrong password' },
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'user-x', password: 'wrong password' },
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('sign-in throttle under concurrent guesses on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // default limits: 10 failures per username and per address in 15 minutes
    t = await buildTestApp({ dialect });
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
