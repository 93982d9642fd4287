import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInAs, TEST_USERNAME, type TestApp } from '../helper.ts';

interface Listed {
  id: number;
  username: string;
  role: string;
  disabled: boolean;
  two_factor: boolean;
  last_login_at: string | null;
}

describe.each(dialects)('team accounts on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const logsAbout = async (username: string) =>
    (await t.db.selectFrom('logs').selectAll().where('section', '=', 'users').execute()).filter((row) =>
      row.content.includes(username),
    );

  it('makes the first user an administrator and answers the role at sign-in and on GET /api/me', async () => {
    const answer = await me(t.token);
    expect(answer.json()).toMatchObject({
      username: TEST_USERNAME,
      role: 'admin',
      must_change_password: false,
      must_set_up_2fa: false,
    });
  });

  it('adds a user with a temporary password that must be changed before anything else', async () => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'nina', name: 'Nina N', email: 'nina@example.org', role: 'viewer' },
    });
    expect(created.statusCode).toBe(201);
    const { user, temporary_password: temporary } = created.json() as { user: Listed; temporary_password: string };
    expect(user).toMatchObject({
      username: 'nina',
      role: 'viewer',
      disabled: false,
      two_factor: false,
      last_login_at: null,
    });
    expect(temporary.length).toBeGreaterThanOrEqual(20);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nina', password: temporary },
    });
    expect(login.statusCode).toBe(200);
    const { token, user: signedIn } = login.json() as {
      token: string;
      user: { must_change_password: boolean; role: string };
    };
    expect(signedIn).toMatchObject({ must_change_password: true, role: 'viewer' });
    const auth = { authorization: `Bearer ${token}` };

    const blocked = await t.app.inject({ method: 'GET', url: '/api/logs', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: expect.stringContaining('temporary password'), error: 'Forbidden' });
    expect((await me(token)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: auth,
      payload: { current_password: temporary, new_password: 'nina chose her own password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/logs', headers: auth })).statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ must_change_password: false });

    const listed = (await t.injectAs({ method: 'GET', url: '/api/users' })).json() as Listed[];
    expect(listed.find((u) => u.username === 'nina')?.last_login_at).toEqual(expect.any(String));
    // the audit log names the change and never the password
    const rows = await logsAbout('nina');
    expect(rows.map((r) => r.content)).toContain('User "nina" created (viewer)');
    expect(JSON.stringify(rows)).not.toContain(temporary);
  });

  it('refuses a second user of the same name and a body with unknown or bad fields, changing nothing', async () => {
    const count = async () => (await t.db.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const again = await t.injectAs({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'NINA', role: 'editor' },
    });
    expect(again.statusCode).toBe(409);
    for (const payload of [
      { username: 'x y', role: 'editor' },
      { username: 'olga', role: 'owner' },
      { username: 'olga', role: 'editor', password: 'mine' },
      { username: 'olga', role: 'editor', email: 'not an email' },
    ]) {
      const res = await t.injectAs({ method: 'POST', url: '/api/users', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json() as object)).toEqual(expect.arrayContaining(['message', 'error']));
    }
    expect(await count()).toBe(before);
  });

  it('changes a role at once, disables (ending sessions), resets a password and signs a user out everywhere', async () => {
    const token = await signInAs(t, 'editor', 'ed');
    const { id } = (await me(token)).json() as { id: number };
    const demoted = await t.injectAs({
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { role: 'viewer', name: 'Ed the viewer' },
    });
    expect(demoted.json()).toMatchObject({ role: 'viewer', name: 'Ed the viewer' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/faqs',
          headers: { authorization: `Bearer ${token}` },
          payload: { question: 'q', answer: 'a' },
        })
      ).statusCode,
    ).toBe(403);

    expect((await t.injectAs({ method: 'DELETE', url: `/api/users/${id}/sessions` })).json()).toMatchObject({
      ended: 1,
    });
    expect((await me(token)).statusCode).toBe(401);

    const again = await signInAs(t, 'editor', 'ed');
    const reset = await t.injectAs({ method: 'POST', url: `/api/users/${id}/reset-password` });
    const { temporary_password: temporary } = reset.json() as { temporary_password: string };
    expect((await me(again)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'ed', password: 'ed has a long password' },
        })
      ).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ed', password: temporary },
    });
    expect(login.json()).toMatchObject({ user: { must_change_password: true } });

    const disabled = await t.injectAs({ method: 'PATCH', url: `/api/users/${id}`, payload: { disabled: true } });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await me((login.json() as { token: string }).token)).statusCode).toBe(401);
    expect((await logsAbout('ed')).map((r) => r.content)).toEqual(
      expect.arrayContaining([
        'User "ed" updated: role editor → viewer, name or email changed',
        '"ed" signed out everywhere',
        'Password of "ed" reset; their sessions ended',
        'User "ed" updated: disabled',
      ]),
    );
  });

  it('keeps the last active administrator: 409 saying why, and nothing changes', async () => {
    const { id } = (await me(t.token)).json() as { id: number };
    for (const payload of [{ role: 'editor' }, { disabled: true }]) {
      const res = await t.injectAs({ method: 'PATCH', url: `/api/users/${id}`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.stringContaining('last active administrator'), error: 'Conflict' });
    }
    expect((await me(t.token)).json()).toMatchObject({ role: 'admin' });
    // with a second administrator the first may step down
    const second = await signInAs(t, 'admin', 'ada');
    const stepDown = await t.injectAs({ method: 'PATCH', url: `/api/users/${id}`, payload: { role: 'editor' } });
    expect(stepDown.statusCode).toBe(200);
    const { id: adaId } = (await me(second)).json() as { id: number };
    const last = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${adaId}`,
      headers: { authorization: `Bearer ${second}` },
      payload: { role: 'viewer' },
    });
    expect(last.statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${id}`,
          headers: { authorization: `Bearer ${second}` },
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets any user change their own name and email, list their sessions and sign out the others', async () => {
    const first = await signInAs(t, 'viewer', 'vic');
    const second = await signInAs(t, 'viewer', 'vic');
    const auth = { authorization: `Bearer ${second}` };
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: auth,
      payload: { name: 'Vic V', email: 'vic@example.org' },
    });
    expect(patched.json()).toMatchObject({ name: 'Vic V', email: 'vic@example.org', role: 'viewer' });
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: auth, payload: { role: 'admin' } });
    expect(bad.statusCode).toBe(400);
    expect((await me(second)).json()).toMatchObject({ role: 'viewer' });
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: auth })).json() as {
      current: boolean;
    }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: auth })).json()).toMatchObject({
      ended: 1,
    });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/users/999999'],
      ['POST', '/api/users/999999/reset-password'],
      ['DELETE', '/api/users/999999/totp'],
    ] as const) {
      const res = await t.injectAs({ method, url, payload: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
