import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as password from '../../src/auth/password.ts';
import { findUserByUsername } from '../../src/auth/users.ts';
import { ensureFirstUser } from '../../src/auth/bootstrap.ts';
import { buildTestApp, dialects, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';
import { login } from './auth-helpers.ts';

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('stores the real scrypt parameters with each hash outside the test runner, whatever the environment says', async () => {
    // a server with the test runner's variable left in its environment still hashes at the real cost
    vi.stubEnv('VITEST', '');
    const stored = await password.hashPassword('the same password');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await password.verifyPassword('the same password', stored)).toBe(true);
  });

  it('salts each hash, and verifies with the parameters the hash carries', async () => {
    const a = await password.hashPassword('the same password');
    const b = await password.hashPassword('the same password');
    expect(a).not.toBe(b);
    expect(await password.verifyPassword('the same password', a)).toBe(true);
    expect(await password.verifyPassword('the same passworD', a)).toBe(false);
    expect(await password.verifyPassword('anything', 'not a hash')).toBe(false);
  });

  it('wants 12 to 128 characters and no common password', () => {
    expect(password.newPasswordProblem('short')).toMatch(/at least 12/);
    expect(password.newPasswordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(password.newPasswordProblem('Password1234')).toMatch(/too common/);
    expect(password.newPasswordProblem('x'.repeat(128))).toBeUndefined();
    expect(password.newPasswordProblem('twelve chars')).toBeUndefined();
  });
});

describe.each(dialects)('password change on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const change = (token: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  it('refuses a wrong current password or a weak new one, changing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [
        { current_password: 'wrong password!!', new_password: 'a brand new password' },
        'current_password',
        'The current password is not correct',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'too short' },
        'new_password',
        'The new password must be at least 12 characters long',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'qwerty123456' },
        'new_password',
        'This password is too common; choose another one',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: 'y'.repeat(129) },
        'new_password',
        'The new password must be at most 128 characters long',
      ],
      [
        { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
        'new_password',
        'The new password must differ from the current one',
      ],
      [{ new_password: 'a brand new password' }, 'current_password', 'current_password is required'],
    ];
    const before = (await findUserByUsername(t.db, TEST_USERNAME))!.password_hash;
    for (const [body, path, message] of cases) {
      const res = await change(t.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: [{ path, message }] });
    }
    expect((await findUserByUsername(t.db, TEST_USERNAME))!.password_hash).toBe(before);
  });

  it('changes the password and ends every other session of the user', async () => {
    const other = (await login(t, { username: TEST_USERNAME, password: TEST_PASSWORD })).json() as { token: string };
    const res = await change(t.token, { current_password: TEST_PASSWORD, new_password: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed. Your other sessions have been signed out.' });
    const meWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await meWith(other.token)).statusCode).toBe(401);
    expect((await meWith(t.token)).statusCode).toBe(200);
    expect((await login(t, { username: TEST_USERNAME, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login(t, { username: TEST_USERNAME, password: 'a brand new password' })).statusCode).toBe(200);
  });
});

describe.each(dialects)('first user on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
  });

  it('creates nothing when a user exists', async () => {
    const lines: string[] = [];
    expect(await ensureFirstUser(t.db, { ...t.config, adminUsername: 'other' }, (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual([]);
    expect(await findUserByUsername(t.db, 'other')).toBeUndefined();
  });

  it('creates the admin with a random password printed once when the database is empty', async () => {
    await t.db.deleteFrom('sessions').execute();
    await t.db.deleteFrom('users').execute();
    const lines: string[] = [];
    expect(
      await ensureFirstUser(t.db, { ...t.config, adminUsername: 'admin', adminPassword: undefined }, (l) =>
        lines.push(l),
      ),
    ).toBe(true);
    const printed = /Created the first user "admin" with the password: (\S+)/.exec(lines.join('\n'));
    expect(printed?.[1]).toMatch(/^[\w-]{24}$/);
    expect((await login(t, { username: 'admin', password: printed![1] })).statusCode).toBe(200);
    const again: string[] = [];
    expect(
      await ensureFirstUser(t.db, { ...t.config, adminUsername: 'admin', adminPassword: undefined }, (l) =>
        again.push(l),
      ),
    ).toBe(false);
    expect(again).toEqual([]);
  });

  it('names the variable when ADMIN_PASSWORD is too weak, creating nobody', async () => {
    await t.db.deleteFrom('sessions').execute();
    await t.db.deleteFrom('users').execute();
    await expect(
      ensureFirstUser(t.db, { ...t.config, adminUsername: 'admin', adminPassword: 'admin' }, () => {}),
    ).rejects.toThrow(
      'The first user cannot be created from ADMIN_USERNAME / ADMIN_PASSWORD: The new password must be at least 12 characters long',
    );
    expect(await findUserByUsername(t.db, 'admin')).toBeUndefined();
  });

  it('uses ADMIN_PASSWORD when given, and never prints it', async () => {
    await t.db.deleteFrom('sessions').execute();
    await t.db.deleteFrom('users').execute();
    const lines: string[] = [];
    await ensureFirstUser(
      t.db,
      { ...t.config, adminUsername: 'chief', adminPassword: 'chief has a long password' },
      (l) => lines.push(l),
    );
    expect(lines.join('\n')).not.toContain('chief has a long password');
    expect((await login(t, { username: 'chief', password: 'chief has a long password' })).statusCode).toBe(200);
  });
});
