import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, disableUser, findUserByUsername, setPassword } from '../../src/auth/users.ts';
import { buildTestApp, dialects, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';

const MINUTE = 60_000;

/** A clock the auth plugin reads; tests move it instead of sleeping. */
function testClock(start = Date.parse('2026-03-02T09:00:00.000Z')) {
  let current = start;
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

describe.each(dialects)('session lifetime on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      signIn: false,
      auth: { now: clock.now },
      config: { sessionAbsoluteMinutes: 12 * 60, sessionIdleMinutes: 60 },
    });
  });

  const signIn = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  };
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const sessionRow = async (token: string) => {
    const { hashToken } = await import('../../src/auth/tokens.ts');
    return t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  };

  it('ends after 60 idle minutes, and counts use as activity', async () => {
    const token = await signIn();
    clock.advance(59 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(59 * MINUTE); // 118 minutes in, 59 since the last use
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(60 * MINUTE);
    const ended = await me(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: 'Your session has ended. Please sign in again.', error: 'Unauthorized' });
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('records activity at most once a minute', async () => {
    const token = await signIn();
    const opened = (await sessionRow(token))!.last_seen_at;
    clock.advance(30_000);
    await me(token);
    expect((await sessionRow(token))!.last_seen_at).toBe(opened);
    clock.advance(31_000);
    await me(token);
    expect((await sessionRow(token))!.last_seen_at).toBe(clock.now().toISOString());
  });

  it('ends 12 hours after sign-in however active it was', async () => {
    const token = await signIn();
    for (let minutes = 0; minutes < 12 * 60 - 30; minutes += 30) {
      clock.advance(30 * MINUTE);
      expect((await me(token)).statusCode, `after ${minutes + 30} minutes`).toBe(200);
    }
    clock.advance(30 * MINUTE);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stops a disabled user at once, even mid-session', async () => {
    const token = await signIn();
    const user = (await findUserByUsername(t.db, TEST_USERNAME))!;
    // disabling without the session clean-up still cuts the session: the flag is checked on every use
    await t.db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    expect((await me(token)).statusCode).toBe(401);
    await t.db.updateTable('users').set({ disabled: 0 }).where('id', '=', user.id).execute();
    const next = await signIn();
    // the last active administrator cannot be disabled: another one first
    await createUser(t.db, { username: 'another-admin', password: 'another long password 7', role: 'admin' });
    await disableUser(t.db, user);
    expect((await me(next)).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    await t.db.updateTable('users').set({ disabled: 0 }).where('id', '=', user.id).execute();
  });

  it('a password set from outside ends every session of the user', async () => {
    const a = await signIn();
    const b = await signIn();
    const user = (await findUserByUsername(t.db, TEST_USERNAME))!;
    await setPassword(t.db, user.id, 'another long password');
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });

  it('checks the token before looking up the resource', async () => {
    const expired = 'x'.repeat(43);
    for (const [method, url] of [
      ['PUT', '/api/faqs/999999'],
      ['DELETE', '/api/faqs/999999'],
      ['POST', '/api/faqs'],
      ['DELETE', '/api/nonexistent/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${expired}` },
        payload: method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
