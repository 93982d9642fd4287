import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../../src/auth/errors.ts';
import { createUser, disableUser, findUserByUsername } from '../../src/auth/users.ts';
import { HttpError } from '../../src/lib/errors.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const BROWSER = 'Proof Browser/1.0';
const NO_ACCESS = 'Your account has no access to Bursary. Ask an administrator to add you.';
const DEVICE_COOKIE =
  /^bursary_device=v1\.\d+\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=31536000; HttpOnly; SameSite=Strict$/;

/**
 * Another way of proving who one is, as an OpenID callback will be: a route of its own that names the user and
 * hands them to app.signIn, on a server apart from the app so the app itself stays as it ships.
 */
async function secondProof(t: TestApp): Promise<FastifyInstance> {
  const proof = Fastify();
  proof.post('/proof', async (request, reply) => {
    const { username } = request.body as { username: string };
    const user = await findUserByUsername(t.db, username);
    if (!user) return reply.code(404).send({ message: 'no such user' });
    try {
      return await t.app.signIn.proven(
        { user, at: new Date(), refuse: () => new AuthError(401, NO_ACCESS), clears: [] },
        request,
        reply,
      );
    } catch (error) {
      if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message });
      throw error;
    }
  });
  await proof.ready();
  return proof;
}

const sessionRow = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('sessions')
    .select(['user_id', 'user_agent', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const lifetimeOf = (row: { created_at: string; expires_at: string }) =>
  Date.parse(row.expires_at) - Date.parse(row.created_at);
const countOf = async (t: TestApp, table: 'sessions' | 'logs' | 'throttle_devices') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const setCookieOf = (res: LightMyRequestResponse) => res.headers['set-cookie'];

describe.each(dialects)('signing in after another proof of identity, on %s', (dialect) => {
  let t: TestApp;
  let proof: FastifyInstance;
  const prove = (username: string, headers: Record<string, string> = {}) =>
    proof.inject({
      method: 'POST',
      url: '/proof',
      payload: { username },
      headers: { 'user-agent': BROWSER, ...headers },
    });

  beforeAll(async () => {
    t = await buildTestApp({ dialect, signIn: false });
    await createUser(t.db, { username: 'dora', password: 'dora has a long password', name: 'Dora D' });
    await createUser(t.db, { username: 'gone', password: 'gone has a long password' });
    await disableUser(t.db, (await findUserByUsername(t.db, 'gone'))!);
    await createUser(t.db, { username: 'otto', password: 'otto has a long password' });
    // the second factor's secret is not needed: only that the user has one
    await t.db.updateTable('users').set({ totp_enabled: 1 }).where('username', '=', 'otto').execute();
    proof = await secondProof(t);
    return () => proof.close();
  });

  it('opens the same session, sets the same device cookie and records the same as the password', async () => {
    const dora = (await findUserByUsername(t.db, 'dora'))!;
    const logsBefore = await countOf(t, 'logs');

    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'dora', password: 'dora has a long password' },
      headers: { 'user-agent': BROWSER },
    });
    expect(byPassword.statusCode).toBe(200);
    const passwordSession = await sessionRow(t, dora.id);
    const logsAfterPassword = await countOf(t, 'logs');

    const before = Date.now();
    const byProof = await prove('dora');
    expect(byProof.statusCode).toBe(200);
    const proofSession = await sessionRow(t, dora.id);

    // the same answer, but for the token
    const answer = (res: LightMyRequestResponse) => ({ ...(res.json() as object), token: expect.any(String) });
    expect(answer(byProof)).toEqual(answer(byPassword));
    const { token } = byProof.json() as { token: string };
    expect(token).not.toBe((byPassword.json() as { token: string }).token);
    const meAnswer = await me(t, token);
    expect(meAnswer.statusCode).toBe(200);
    expect(meAnswer.json()).toMatchObject({ username: 'dora', name: 'Dora D' });

    // the same session: named by the browser, for the same time
    expect(proofSession).toMatchObject({ user_id: dora.id, user_agent: BROWSER });
    expect(passwordSession).toMatchObject({ user_id: dora.id, user_agent: BROWSER });
    expect(lifetimeOf(proofSession)).toBe(lifetimeOf(passwordSession));
    expect(lifetimeOf(proofSession)).toBe(t.config.sessionAbsoluteMinutes * 60_000);

    // the same device cookie, and one the password sign-in then knows (it sets no new one)
    expect(setCookieOf(byPassword)).toMatch(DEVICE_COOKIE);
    expect(setCookieOf(byProof)).toMatch(DEVICE_COOKIE);
    const cookie = String(setCookieOf(byProof)).split(';')[0]!;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'dora', password: 'dora has a long password' },
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(setCookieOf(again)).toBeUndefined();
    // a known browser is not made a device again by the other proof either
    const devices = await countOf(t, 'throttle_devices');
    expect(setCookieOf(await prove('dora', { cookie }))).toBeUndefined();
    expect(await countOf(t, 'throttle_devices')).toBe(devices);

    // the same record of the sign-in: its time on the user, and as many log rows as the password writes
    const { last_login_at: lastLogin } = await t.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', dora.id)
      .executeTakeFirstOrThrow();
    const signedInAt = Date.parse(lastLogin ?? '');
    expect(signedInAt).toBeGreaterThanOrEqual(before);
    expect(logsAfterPassword - logsBefore).toBe((await countOf(t, 'logs')) - logsAfterPassword);
  });

  it('refuses a disabled user with the proof’s own sentence, and opens nothing', async () => {
    const sessions = await countOf(t, 'sessions');
    const devices = await countOf(t, 'throttle_devices');
    const res = await prove('gone');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: NO_ACCESS });
    expect(setCookieOf(res)).toBeUndefined();
    expect(await countOf(t, 'sessions')).toBe(sessions);
    expect(await countOf(t, 'throttle_devices')).toBe(devices);
  });

  it('asks a user with a second factor for their code, as after a password, and opens no session yet', async () => {
    const sessions = await countOf(t, 'sessions');
    const res = await prove('otto');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mfa_required: true,
      mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      message: 'Enter the code from your authenticator app, or a recovery code.',
    });
    expect(setCookieOf(res)).toBeUndefined();
    expect(await countOf(t, 'sessions')).toBe(sessions);
  });
});
