import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { createUser } from '../../src/auth/users.ts';

const PASSWORD = 'ada has a long password';
const BEA_PASSWORD = 'bea has a long password';
const ATTACKER = '203.0.113.5';
const SLOW = { timeout: 300_000 };

/**
 * The owner keeps the door: someone spending a username's failures from elsewhere locks out
 * unknown browsers (the guessing limit holds), but not the owner's known device, which a device
 * cookie from an earlier sign-in names. A cookie proves nothing for another user, nor when forged.
 */
describe.each(dialects)('the owner keeps the door on %s', (dialect) => {
  let t: TestApp;
  let adaCookie = '';

  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
    await createUser(t.db, { username: 'ada', password: PASSWORD, role: 'admin' });
    await createUser(t.db, { username: 'bea', password: BEA_PASSWORD, role: 'editor' });
  });

  const signIn = (username: string, password: string, from: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from,
      payload: { username, password },
      ...(cookie === undefined ? {} : { headers: { cookie: `bursary_device=${cookie}` } }),
    });
  const spendFailures = async (username: string, from: string) => {
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      expect((await signIn(username, `wrong guess ${i}`, from)).statusCode).toBe(401);
  };

  it('gives a signed-in browser an HttpOnly, SameSite=Strict device cookie for the API', async () => {
    const first = await signIn('ada', PASSWORD, '10.40.0.1');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^bursary_device=[^;]+; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    adaCookie = /^bursary_device=([^;]+)/.exec(setCookie)?.[1] ?? '';
    // the token is kept as a hash only
    const stored = JSON.stringify(await t.db.selectFrom('throttle_devices').selectAll().execute());
    expect(stored).not.toContain(adaCookie.split('.')[2]);
  });

  it(
    'lets the known device in at once after ten wrong passwords from elsewhere; others still get 429',
    SLOW,
    async () => {
      await spendFailures('ada', ATTACKER);
      expect((await signIn('ada', PASSWORD, '10.40.0.2')).statusCode).toBe(429);
      const owner = await signIn('ada', PASSWORD, '10.40.0.1', adaCookie);
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ token: expect.any(String), user: { username: 'ada' } });
      expect((await signIn('ada', 'one more guess', ATTACKER)).statusCode).toBe(429);
    },
  );

  it('counts a device cookie of another user, or a garbled or forged one, as an unknown device', SLOW, async () => {
    await spendFailures('bea', '203.0.113.6');
    const [version, adaId, token, mac] = adaCookie.split('.');
    const beaId = String(
      (await t.db.selectFrom('users').select('id').where('username', '=', 'bea').executeTakeFirstOrThrow()).id,
    );
    const flipped = `${mac?.startsWith('A') ? 'B' : 'A'}${mac?.slice(1)}`;
    for (const cookie of [adaCookie, 'garbled', `${version}.${beaId}.${token}.${mac}`]) {
      expect((await signIn('bea', BEA_PASSWORD, '10.40.0.3', cookie)).statusCode, cookie).toBe(429);
    }
    // ada's username is still locked: the owner's sign-in cleared only the device's own count
    expect((await signIn('ada', PASSWORD, '10.40.0.4', `${version}.${adaId}.${token}.${flipped}`)).statusCode).toBe(
      429,
    );
    expect((await signIn('ada', PASSWORD, '10.40.0.4', adaCookie)).statusCode).toBe(200);
  });
});
