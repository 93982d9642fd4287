import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createUser } from '../../src/auth/users.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { MINUTE, PASSWORD } from './login-throttle-helpers.ts';

describe.each(dialects)('sign-in throttle on %s', (dialect) => {
  let current = Date.parse('2026-04-01T08:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      signIn: false,
      auth: { now: () => new Date(current) },
      config: { loginMaxFailures: 3, loginAddressMaxFailures: 5, loginWindowMinutes: 15 },
    });
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'])
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

  it('limits failures per address, across usernames, known or not, at the higher address limit', async () => {
    const from = '10.2.0.1';
    for (const name of ['cat', 'nobody', 'no-one-else', 'nor-them', 'nor-us'])
      expect((await attempt(name, 'wrong', from)).statusCode).toBe(401);
    expectThrottled(await attempt('dan', PASSWORD, from));
    expect((await attempt('dan', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not lock an office out for one user’s failures: another user of the address still signs in', async () => {
    const office = '10.7.0.1';
    for (let i = 0; i < 3; i++) expect((await attempt('gus', `wrong ${i}`, office)).statusCode).toBe(401);
    expectThrottled(await attempt('gus', PASSWORD, office));
    // no device cookie: only the address and the username count for hal, and neither is spent
    expect((await attempt('hal', PASSWORD, office)).statusCode).toBe(200);
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
    // the username count restarted; the address has two failures against it, and three more reach its limit
    expect((await attempt('ben', 'wrong', '10.5.0.2')).statusCode).toBe(401);
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3'])
      expect((await attempt(name, 'wrong', from)).statusCode).toBe(401);
    expectThrottled(await attempt('ben', PASSWORD, from));
  });
});
