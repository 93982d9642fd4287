import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { createUser } from '../../src/auth/users.ts';

const PASSWORD = 'owen has a long password';
const LIMIT = 3;

/**
 * Turning the second factor off asks for the password and a code. Wrong codes there are counted on
 * the user's code count, as on the sign-in's code step, so a correct password (which clears the
 * username's count) does not buy more code guesses.
 */
describe.each(dialects)('turning two-factor off on %s', (dialect) => {
  let t: TestApp;
  const clock = new Date(Date.UTC(2026, 0, 5, 9, 0, 0));
  let secret = '';
  let auth: { authorization: string } = { authorization: '' };

  beforeAll(async () => {
    t = await buildTestApp({
      dialect,
      auth: { now: () => clock },
      config: { loginMaxFailures: LIMIT, loginWindowMinutes: 15 },
    });
    await createUser(t.db, { username: 'owen', password: PASSWORD, role: 'editor' });
    const login = (
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'owen', password: PASSWORD } })
    ).json() as { token: string };
    auth = { authorization: `Bearer ${login.token}` };
    secret = ((await t.app.inject({ method: 'POST', url: '/api/me/totp', headers: auth })).json() as { secret: string })
      .secret;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.getTime() });
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me/totp', headers: auth, payload: { code } })).statusCode,
    ).toBe(200);
  });

  const wrongCode = () => {
    const right = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.getTime() });
    return right === '000000' ? '111111' : '000000';
  };

  it(
    'answers 429 once the code count is spent, even with a correct-password sign-in between the guesses',
    { timeout: 300_000 },
    async () => {
      const answers: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) {
        // the right password: it clears the username's count, and must not clear the code count
        const signIn = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `10.30.0.${i + 1}`,
          payload: { username: 'owen', password: PASSWORD },
        });
        expect(signIn.json()).toMatchObject({ mfa_required: true });
        // each guess from another address, so only the user's counts can stop them
        const off = await t.app.inject({
          method: 'DELETE',
          url: '/api/me/totp',
          headers: auth,
          remoteAddress: `10.31.0.${i + 1}`,
          payload: { password: PASSWORD, code: wrongCode() },
        });
        answers.push(off.statusCode);
      }
      expect(answers).toEqual([400, 400, 400, 429, 429]);
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: auth })).json()).toMatchObject({
        two_factor: true,
      });
    },
  );
});
