import { beforeAll, describe, expect, it } from 'vitest';
import { SignInAttempts } from '../../src/auth/throttle.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { MINUTE } from './login-throttle-helpers.ts';

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
    const attempts = new SignInAttempts(t.db, { maxFailures: 3, addressMaxFailures: 50, windowMinutes: 15 });
    const start = Date.parse('2026-04-01T08:00:00.000Z');
    for (let i = 0; i < 3; i++) expect(await tryOnce(attempts, 'k', start + i * MINUTE)).toBe(0);
    expect(await tryOnce(attempts, 'k', start + 2 * MINUTE)).toBe(13 * 60);
    // refused attempts do not count, so they never push the end of the lock further
    expect(await tryOnce(attempts, 'k', start + 15 * MINUTE - 1000)).toBe(1);
    expect(await tryOnce(attempts, 'k', start + 15 * MINUTE)).toBe(0);
    expect(await tryOnce(attempts, 'other', start)).toBe(0);
  });

  it('gives a released attempt back, and a cleared key starts again', async () => {
    const attempts = new SignInAttempts(t.db, { maxFailures: 2, addressMaxFailures: 50, windowMinutes: 15 });
    const at = Date.parse('2026-04-02T08:00:00.000Z');
    const first = await attempts.reserve(['a', 'b'], new Date(at));
    await attempts.reserve(['a', 'b'], new Date(at));
    await first.release();
    expect(await tryOnce(attempts, 'a', at)).toBe(0);
    expect(await tryOnce(attempts, 'a', at)).toBeGreaterThan(0);
    await attempts.clear(['a']);
    expect(await tryOnce(attempts, 'a', at)).toBe(0);
    // b still holds one kept and one released attempt: one more is allowed
    expect(await tryOnce(attempts, 'b', at)).toBe(0);
    expect(await tryOnce(attempts, 'b', at)).toBeGreaterThan(0);
  });
});

describe('sign-in throttle defaults', () => {
  it('allows 10 failures per username and 50 per address in 15 minutes, then answers 429 with Retry-After', async () => {
    const t = await buildTestApp({ signIn: false });
    try {
      expect(t.config.loginMaxFailures).toBe(10);
      expect(t.config.loginAddressMaxFailures).toBe(50);
      expect(t.config.loginWindowMinutes).toBe(15);
      const attempt = (username: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrong password' } });
      for (let i = 0; i < 10; i++) expect((await attempt('someone')).statusCode).toBe(401);
      const blocked = await attempt('someone');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // the address has 40 failures left for other usernames
      expect((await attempt('someone-else')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
