/** Shared by the auth tests, split by subject to keep every file under 250 lines. */
import type { TestApp } from '../helper.ts';

export const login = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: body as object });
