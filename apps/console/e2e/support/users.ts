import { expect, request, type Page } from '@playwright/test';
import type { Api } from './api.ts';
import { BASE_URL } from './env.ts';

export interface Session {
  token: string;
  user: Record<string, unknown> & { id: number; username: string };
}

/** A username from the test's unique label: the server takes letters, digits, dots, dashes and underscores. */
export const usernameOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export async function call(method: string, path: string, token: string | null, data?: unknown) {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: token ? { authorization: `Bearer ${token}` } : {},
  });
  try {
    const response = await ctx.fetch(path, { method, data });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  } finally {
    await ctx.dispose();
  }
}

/**
 * POST /api/users as the suite's administrator; answers the user's id and temporary password. `fields` replaces
 * the made-up name or adds an email.
 */
export async function createUser(
  api: Api,
  username: string,
  role: 'admin' | 'editor' | 'viewer',
  fields: { name?: string; email?: string } = {},
) {
  const data = { username, name: `Test ${role} ${username}`, role, ...fields };
  const response = await api.ctx.post('/api/users', { data });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { user: { id: number }; temporary_password: string };
  return { id: body.user.id, password: body.temporary_password };
}

/** Signs in through the API and replaces the temporary password, as a first sign-in must. */
export async function signInFirstTime(username: string, temporary: string): Promise<Session> {
  const login = await call('POST', '/api/login', null, { username, password: temporary });
  expect(login.status).toBe(200);
  const token = String(login.body.token);
  expect((login.body.user as { must_change_password?: boolean }).must_change_password).toBe(true);
  const changed = await call('PUT', '/api/me/password', token, {
    current_password: temporary,
    new_password: `${temporary} now mine 2026`,
  });
  expect(changed.status).toBe(200);
  const me = await call('GET', '/api/me', token);
  expect(me.status).toBe(200);
  return { token, user: me.body as Session['user'] };
}

/** The page runs as this user: its session replaces the suite's in localStorage before every load. */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript(
    ({ user, token }) => {
      localStorage.setItem('user', user);
      localStorage.setItem('token', token);
    },
    { user: JSON.stringify(session.user), token: session.token },
  );
}
