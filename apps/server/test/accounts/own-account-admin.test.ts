import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, TEST_PASSWORD, TEST_USERNAME, type TestApp } from '../helper.ts';
import { findUserByUsername } from '../../src/auth/users.ts';

/** A stolen administrator token cannot take its own account over through /api/users. */
describe.each(dialects)("the administration routes and one's own account on %s", (dialect) => {
  let t: TestApp;
  let ownId: number;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    ownId = Number((await findUserByUsername(t.db, TEST_USERNAME))?.id);
  });

  const snapshot = async () => ({
    user: await t.db
      .selectFrom('users')
      .select(['password_hash', 'totp_enabled', 'totp_secret', 'must_change_password'])
      .where('id', '=', ownId)
      .executeTakeFirst(),
    logs: (await t.db.selectFrom('logs').select('id').execute()).length,
    sessions: (await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', ownId).execute()).length,
  });

  it("refuses to reset one's own password with 409 pointing to Account, changing nothing", async () => {
    const before = await snapshot();
    const res = await t.injectAs({ method: 'POST', url: `/api/users/${ownId}/reset-password` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'You cannot reset your own password here; change it on your Account page, which asks for your current password.',
      error: 'Conflict',
    });
    expect(await snapshot()).toEqual(before);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses to turn off one's own two-factor sign-in with 409 pointing to Account, changing nothing", async () => {
    await t.db
      .updateTable('users')
      .set({ totp_enabled: 1, totp_secret: 'sealed-secret-stand-in' })
      .where('id', '=', ownId)
      .execute();
    const before = await snapshot();
    const res = await t.injectAs({ method: 'DELETE', url: `/api/users/${ownId}/totp` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'You cannot turn off your own two-factor sign-in here; use your Account page, which asks for your password and a code.',
      error: 'Conflict',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('still lets another administrator do both for this account', async () => {
    const other = { authorization: `Bearer ${await signInAs(t, 'admin')}` };
    const off = await t.app.inject({ method: 'DELETE', url: `/api/users/${ownId}/totp`, headers: other });
    expect(off.statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: `/api/users/${ownId}/reset-password`, headers: other });
    expect(reset.statusCode).toBe(200);
  });
});
