import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as password from '../../src/auth/password.ts';
import { createUser, disableUser, findUserByUsername } from '../../src/auth/users.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import { buildTestApp, dialects, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';
import { login } from './auth-helpers.ts';

// Wraps the real scrypt check so the tests can see that every failure path pays for a hash.
vi.mock('../../src/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof password>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifySpy = vi.mocked(password.verifyPassword);

describe.each(dialects)('sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
    await createUser(t.db, {
      username: 'Dora',
      password: 'dora has a long password',
      name: 'Dora D',
      email: 'dora@example.org',
    });
    await createUser(t.db, { username: 'gone', password: 'gone has a long password' });
    await disableUser(t.db, (await findUserByUsername(t.db, 'gone'))!);
  });
  beforeEach(() => {
    verifySpy.mockClear();
  });

  it('answers a token, the user and a message', async () => {
    const res = await login(t, { username: TEST_USERNAME, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; user: Record<string, unknown>; message: string };
    expect(body.message).toBe('Login successful');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ username: TEST_USERNAME, name: 'Administrator' });
    expect(typeof body.user.id).toBe('number');
    expect(body.user).not.toHaveProperty('password_hash');
    // only the SHA-256 of the token is kept
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(body.token));
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('matches usernames without regard to case or surrounding spaces', async () => {
    const res = await login(t, { username: '  DORA ', password: 'dora has a long password' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: { username: string } }).user.username).toBe('Dora');
  });

  it('gives an unknown user, a wrong password and a disabled user the same answer, each after one hash', async () => {
    const answers = [];
    for (const body of [
      { username: 'nobody-here', password: 'whatever password' },
      { username: 'Dora', password: 'not her password' },
      { username: 'gone', password: 'gone has a long password' },
    ]) {
      verifySpy.mockClear();
      const res = await login(t, body);
      expect(verifySpy).toHaveBeenCalledTimes(1);
      expect(await verifySpy.mock.results[0]!.value).toBe(body.username === 'gone');
      answers.push({ status: res.statusCode, body: res.json() as unknown, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'Invalid username or password', message: 'Invalid username or password' },
      type: 'application/json; charset=utf-8',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it.each([
    [{}, 'Username is required; Password is required'],
    [{ username: '   ', password: 'x' }, 'Username is required'],
    [{ username: 'Dora' }, 'Password is required'],
    [{ username: 'Dora', password: '' }, 'Password is required'],
    [{ username: ['Dora'], password: 'x' }, 'Username is required'],
    [{ username: 'Dora', password: { $ne: '' } }, 'Password is required'],
    [{ username: 'Dora', password: 'x'.repeat(1025) }, 'Password is too long'],
  ])('refuses %j with 400 and no hash', async (body, message) => {
    const res = await login(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, error: message });
    expect(verifySpy).not.toHaveBeenCalled();
  });

  it('answers 400, never 500, to a body that is not an object', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json() as object)).toEqual(expect.arrayContaining(['message', 'error']));
    }
  });

  it('tells the signed-in user who they are, and nobody else', async () => {
    const { token } = (await login(t, { username: 'dora', password: 'dora has a long password' })).json() as {
      token: string;
    };
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(Number),
      username: 'Dora',
      name: 'Dora D',
      email: 'dora@example.org',
      role: 'editor',
      two_factor: false,
      must_change_password: false,
      must_set_up_2fa: false,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required. Please sign in.', error: 'Unauthorized' });
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic ZG9yYTpwYXNz'],
    ['a bare token', 'x'.repeat(43)],
    ['an empty bearer', 'Bearer '],
    ['a short token', 'Bearer abc'],
    ['a token with odd characters', `Bearer ${'a'.repeat(42)}%`],
    ['an unknown token', `Bearer ${'a'.repeat(43)}`],
    ['a very long header', `Bearer ${'a'.repeat(10_000)}`],
    ['two tokens', `Bearer ${'a'.repeat(43)} ${'b'.repeat(43)}`],
    ['SQL', "Bearer ' or 1=1 --"],
    ['a NUL byte', `Bearer ${'a'.repeat(20)}\u0000${'a'.repeat(22)}`],
  ])('answers 401 JSON to %s', async (_name, authorization) => {
    const headers = authorization === undefined ? {} : { authorization };
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['POST', '/api/logout'],
      ['PUT', '/api/me/password'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'message']);
    }
  });

  it('logout revokes the presented token only', async () => {
    const first = (await login(t, { username: 'dora', password: 'dora has a long password' })).json() as {
      token: string;
    };
    const second = (await login(t, { username: 'dora', password: 'dora has a long password' })).json() as {
      token: string;
    };
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been successfully logged out.' });
    for (const [token, status] of [
      [first.token, 401],
      [second.token, 200],
    ] as const) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(status);
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(again.statusCode).toBe(401);
  });
});
