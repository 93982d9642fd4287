import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { createUser } from '../../src/auth/users.ts';
import { keyFilePath, SecretBox } from '../../src/auth/secret-box.ts';
import { loadConfig } from '../../src/config/config.ts';
import { sqliteFilePath } from '../../src/db/connection.ts';

const STEP_MS = 30_000;
const PASSWORD = 'tess has a long password';

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  // on a step boundary, so "one step either side" is exact
  let clock = new Date(Date.UTC(2026, 0, 5, 9, 0, 0));
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ dialect, auth: { now: () => clock } });
    await createUser(t.db, { username: 'tess', password: PASSWORD, role: 'editor' });
  });

  const codeAt = (at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
  const tick = (steps = 1) => {
    clock = new Date(clock.getTime() + steps * STEP_MS);
  };
  const password = () =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'tess', password: PASSWORD } });
  const second = (mfaToken: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/login/totp', payload: { mfa_token: mfaToken, code } });
  const mfaToken = async () => ((await password()).json() as { mfa_token: string }).mfa_token;

  it('sets up with a secret and an otpauth URI, confirms with a code and answers 10 recovery codes once', async () => {
    const login = (await password()).json() as { token: string };
    const auth = { authorization: `Bearer ${login.token}` };
    const started = await t.app.inject({ method: 'POST', url: '/api/me/totp', headers: auth });
    expect(started.statusCode).toBe(200);
    const body = started.json() as { secret: string; uri: string };
    secret = body.secret;
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/Bursary:tess\?/);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/me/totp',
      headers: auth,
      payload: { code: '000000' === codeAt(clock.getTime()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/totp',
      headers: auth,
      payload: { code: codeAt(clock.getTime()) },
    });
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: auth })).json()).toMatchObject({
      two_factor: true,
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/me/totp', headers: auth })).statusCode).toBe(409);
  });

  it('signs in in two steps: the password answers mfa_required and no session, the code the token', async () => {
    tick();
    const first = await password();
    expect(first.statusCode).toBe(200);
    const body = first.json() as Record<string, unknown>;
    expect(body).toEqual({ mfa_required: true, mfa_token: expect.any(String), message: expect.any(String) });
    expect(body.token).toBeUndefined();
    const done = await second(body.mfa_token as string, codeAt(clock.getTime()));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      token: expect.any(String),
      user: { username: 'tess', role: 'editor', two_factor: true },
      message: 'Login successful',
    });
  });

  it('accepts a code one step either side of now, not two, and never the same step twice', async () => {
    tick(3);
    const now = clock.getTime();
    expect((await second(await mfaToken(), codeAt(now - 2 * STEP_MS))).statusCode).toBe(401);
    expect((await second(await mfaToken(), codeAt(now + 2 * STEP_MS))).statusCode).toBe(401);
    expect((await second(await mfaToken(), codeAt(now - STEP_MS))).statusCode).toBe(200);
    // the same code again, and a code of an earlier step, are refused
    expect((await second(await mfaToken(), codeAt(now - STEP_MS))).statusCode).toBe(401);
    expect((await second(await mfaToken(), codeAt(now + STEP_MS))).statusCode).toBe(200);
    const reused = await second(await mfaToken(), codeAt(now + STEP_MS));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ message: 'The code is not correct', error: 'The code is not correct' });
    expect((await second(await mfaToken(), codeAt(now))).statusCode).toBe(401);
  });

  it('accepts each recovery code once, typed in any case or without dashes', async () => {
    tick(10);
    const [code = ''] = recoveryCodes;
    expect((await second(await mfaToken(), code.replace(/-/g, '').toUpperCase())).statusCode).toBe(200);
    expect((await second(await mfaToken(), code)).statusCode).toBe(401);
    expect((await second(await mfaToken(), recoveryCodes[1] ?? '')).statusCode).toBe(200);
  });

  it('refuses an unknown or used mfa_token, and a wrong password looks the same as for an unknown user', async () => {
    expect((await second('not-a-token', '123456')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'tess', password: 'not the password at all' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody-here', password: 'not the password at all' },
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('throttles codes like passwords: 429 after LOGIN_MAX_FAILURES wrong codes, even with the right one', async () => {
    // a fresh window: the failures of the tests above are forgotten
    clock = new Date(clock.getTime() + (t.config.loginWindowMinutes + 1) * 60_000);
    const token = await mfaToken();
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      expect((await second(token, `${String(i).padStart(6, '0')}x`)).statusCode).toBe(401);
    const locked = await second(token, codeAt(clock.getTime()));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    clock = new Date(clock.getTime() + (t.config.loginWindowMinutes + 1) * 60_000);
  });

  it('keeps the secret and the recovery codes unreadable in the database; the key file is 0600 in DATA_DIR', async () => {
    const row = await t.db
      .selectFrom('users')
      .select(['totp_secret'])
      .where('username', '=', 'tess')
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret);
    const dump = JSON.stringify(await t.db.selectFrom('recovery_codes').selectAll().execute());
    for (const code of recoveryCodes) expect(dump).not.toContain(code.replace(/-/g, ''));
    if (dialect === 'sqlite') {
      const file = [sqliteFilePath(t.config.dataDir), `${sqliteFilePath(t.config.dataDir)}-wal`]
        .map((path) => readFileSync(path).toString('latin1'))
        .join('');
      expect(file).not.toContain(secret);
    }
    expect(statSync(keyFilePath(t.config.dataDir)).mode & 0o777).toBe(0o600);
  });

  it('turns off with the password and a code; an administrator can turn off a lost one', async () => {
    tick(20);
    const token = ((await second(await mfaToken(), codeAt(clock.getTime()))).json() as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    tick();
    const wrongPassword = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/totp',
      headers: auth,
      payload: { password: 'wrong password here', code: codeAt(clock.getTime()) },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/totp',
      headers: auth,
      payload: { password: PASSWORD, code: codeAt(clock.getTime()) },
    });
    expect(off.statusCode).toBe(200);
    expect((await password()).json()).toMatchObject({ token: expect.any(String), user: { two_factor: false } });
    expect(await t.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);

    // on again, then lost: the administrator turns it off
    await t.app.inject({ method: 'POST', url: '/api/me/totp', headers: auth }).then((r) => {
      secret = (r.json() as { secret: string }).secret;
    });
    tick();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/totp',
          headers: auth,
          payload: { code: codeAt(clock.getTime()) },
        })
      ).statusCode,
    ).toBe(200);
    const { id } = (await t.app.inject({ method: 'GET', url: '/api/me', headers: auth })).json() as { id: number };
    expect((await t.injectAs({ method: 'DELETE', url: `/api/users/${id}/totp` })).statusCode).toBe(200);
    expect((await password()).json()).toMatchObject({ token: expect.any(String) });
  });
});

describe.each(dialects)('REQUIRE_2FA on %s', (dialect) => {
  let t: TestApp;
  let clock = new Date(Date.UTC(2026, 0, 5, 9, 0, 0));
  beforeAll(async () => {
    t = await buildTestApp({ dialect, config: { require2fa: 'admins' }, auth: { now: () => clock } });
  });

  it('asks administrators to set it up before anything else, and lets them do it', async () => {
    const me = await t.injectAs({ method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ role: 'admin', must_set_up_2fa: true });
    const blocked = await t.injectAs({ method: 'GET', url: '/api/users' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: expect.stringContaining('Two-factor sign-in is required'),
      error: 'Forbidden',
    });
    const { secret } = (await t.injectAs({ method: 'POST', url: '/api/me/totp' })).json() as { secret: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.getTime() });
    expect((await t.injectAs({ method: 'PUT', url: '/api/me/totp', payload: { code } })).statusCode).toBe(200);
    expect((await t.injectAs({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 30_000);
  });
});

describe('the key that seals the secrets', () => {
  it('takes SECRET_KEY of 32 characters or more, REQUIRE_2FA of admins, all or off, and names the variable otherwise', () => {
    expect(() => loadConfig({ SECRET_KEY: 'too short' })).toThrow(/SECRET_KEY must be at least 32 characters/);
    expect(() => loadConfig({ REQUIRE_2FA: 'everyone' })).toThrow(/REQUIRE_2FA must be "admins", "all" or "off"/);
    expect(loadConfig({ REQUIRE_2FA: 'admins', SECRET_KEY: 'k'.repeat(32) })).toMatchObject({
      require2fa: 'admins',
      secretKey: 'k'.repeat(32),
    });
    expect(loadConfig({})).toMatchObject({ require2fa: 'off', secretKey: undefined });
  });

  it('opens a secret only with the key and for the user it was sealed for; SECRET_KEY makes no key file', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-key-'));
    const box = new SecretBox({ secretKey: 'a'.repeat(40), dataDir });
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:7');
    expect(box.open(sealed, 'totp:7')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'totp:8')).toThrow(/does not open/);
    expect(() => new SecretBox({ secretKey: 'b'.repeat(40), dataDir }).open(sealed, 'totp:7')).toThrow(/does not open/);
    expect(existsSync(keyFilePath(dataDir))).toBe(false);
    // without SECRET_KEY: one key file, kept across restarts
    const first = new SecretBox({ secretKey: undefined, dataDir }).seal('x', 'c');
    expect(new SecretBox({ secretKey: undefined, dataDir }).open(first, 'c')).toBe('x');
    rmSync(dataDir, { recursive: true, force: true });
  });
});
