// Shared setup of the /users page tests, split by subject so that no file is over 250 lines.
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { UserSummary } from '@bursary/shared';
import { makeUserSummary } from '@/testing/factories';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';

export const PLACEHOLDER =
  'User administration is currently handled elsewhere or not yet implemented in this interface.';
export const user = userEvent.setup({ delay: null });

export const admin = makeUserSummary({
  id: 1,
  username: 'ada',
  name: 'Ada Admin',
  email: null,
  role: 'admin',
  two_factor: true,
  last_login_at: null,
});
export const viewer = makeUserSummary();
export const grace = makeUserSummary({
  id: 3,
  username: 'grace',
  name: 'Grace Admin',
  role: 'admin',
  two_factor: true,
});

interface Call {
  method: string;
  path: string;
  json: unknown;
}

/** The users API as a small in-memory server: answers the list, records every write. */
export function serveUsers(initial: UserSummary[] = [admin, viewer]) {
  let users = [...initial];
  const calls: Call[] = [];
  const note = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, json: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('/api/users', () => HttpResponse.json(users)),
    http.post('/api/users', async ({ request }) => {
      await note(request);
      const body = calls.at(-1)?.json as { username: string; name: string; role: UserSummary['role'] };
      const created = makeUserSummary({ id: 3, ...body, email: null, last_login_at: null });
      users = [...users, created];
      return HttpResponse.json(
        {
          user: created,
          temporary_password: 'Temp-Pass-123',
          message: 'User created. Give them this temporary password.',
        },
        { status: 201 },
      );
    }),
    http.patch('/api/users/:id', async ({ request, params }) => {
      await note(request);
      users = users.map((u) => (u.id === Number(params.id) ? { ...u, ...(calls.at(-1)?.json as object) } : u));
      return HttpResponse.json(users.find((u) => u.id === Number(params.id)));
    }),
    http.post('/api/users/:id/reset-password', async ({ request }) => {
      await note(request);
      return HttpResponse.json({
        temporary_password: 'Reset-Pass-456',
        message: 'Password reset and the user signed out everywhere.',
      });
    }),
    http.delete('/api/users/:id/sessions', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ message: '"nina" is signed out everywhere.', ended: 2 });
    }),
    http.delete('/api/users/:id/totp', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ message: 'Two-factor sign-in is off for "grace".' });
    }),
  );
  return calls;
}

export async function openAsAdmin() {
  signInWithRole('admin', { id: 1, name: 'Ada Admin' });
  renderApp('/users');
  await screen.findByRole('table');
}

/** The table row of `username`; found while a panel is open too (the page is then hidden from the reader). */
export const rowOf = (username: string) => {
  const row = screen
    .getAllByRole('row', { hidden: true })
    .find((r) => r.querySelector('td')?.textContent?.replace(' (you)', '') === username);
  if (!row) throw new Error(`No row for ${username}`);
  return row;
};
/** Chooses `item` from the user's Actions menu. */
export const choose = async (username: string, item: string) => {
  await user.click(screen.getByRole('button', { name: `Actions for ${username}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};
export const confirmIn = async (title: string, label: string) => {
  const question = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(question).getByRole('button', { name: label }));
};
