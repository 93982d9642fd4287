import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { UserSummary } from '@bursary/shared';
import { makeUserSummary } from '@/testing/factories';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';

const PLACEHOLDER = 'User administration is currently handled elsewhere or not yet implemented in this interface.';
const user = userEvent.setup({ delay: null });

const admin = makeUserSummary({
  id: 1,
  username: 'ada',
  name: 'Ada Admin',
  email: null,
  role: 'admin',
  two_factor: true,
  last_login_at: null,
});
const viewer = makeUserSummary();
const grace = makeUserSummary({ id: 3, username: 'grace', name: 'Grace Admin', role: 'admin', two_factor: true });

interface Call {
  method: string;
  path: string;
  json: unknown;
}

/** The users API as a small in-memory server: answers the list, records every write. */
function serveUsers(initial: UserSummary[] = [admin, viewer]) {
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

async function openAsAdmin() {
  signInWithRole('admin', { id: 1, name: 'Ada Admin' });
  renderApp('/users');
  await screen.findByRole('table');
}

/** The table row of `username`; found while a panel is open too (the page is then hidden from the reader). */
const rowOf = (username: string) => {
  const row = screen
    .getAllByRole('row', { hidden: true })
    .find((r) => r.querySelector('td')?.textContent?.replace(' (you)', '') === username);
  if (!row) throw new Error(`No row for ${username}`);
  return row;
};
/** Chooses `item` from the user's Actions menu. */
const choose = async (username: string, item: string) => {
  await user.click(screen.getByRole('button', { name: `Actions for ${username}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};
const confirmIn = async (title: string, label: string) => {
  const question = await screen.findByRole('alertdialog', { name: title });
  await user.click(within(question).getByRole('button', { name: label }));
};

afterEach(() => vi.restoreAllMocks());

describe('/users (issue 14)', () => {
  it.each(['editor', 'viewer'] as const)('shows an %s the placeholder sentence and reads no users', async (role) => {
    const calls = vi.fn();
    server.use(
      http.get('/api/users', () => {
        calls();
        return HttpResponse.json([]);
      }),
    );
    signInWithRole(role);
    renderApp('/users');
    expect(await screen.findByText(PLACEHOLDER)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('lists every user with role, status, two-factor, last sign-in and creation date', async () => {
    serveUsers();
    await openAsAdmin();
    expect(screen.queryByText(PLACEHOLDER)).not.toBeInTheDocument();
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toEqual([
      'Username',
      'Name',
      'Email',
      'Role',
      'Status',
      'Two-factor',
      'Last sign-in',
      'Created',
      'Actions',
    ]);
    const cells = (username: string) => Array.from(rowOf(username).querySelectorAll('td'), (c) => c.textContent);
    expect(cells('ada')).toEqual([
      'ada (you)',
      'Ada Admin',
      'None',
      'Administrator',
      'Active',
      'On',
      'Never',
      'Jan 2, 2024',
      'Actions',
    ]);
    expect(cells('nina')).toEqual([
      'nina',
      'Nina Viewer',
      'nina@example.org',
      'Viewer',
      'Active',
      'Off',
      'Jan 5, 2024',
      'Jan 2, 2024',
      'Actions',
    ]);
  });

  it('adds a user and shows the temporary password once, with Copy', async () => {
    const calls = serveUsers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const panel = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(panel).getByLabelText(/Username/), 'ed');
    await user.type(within(panel).getByLabelText(/Name/), 'Ed Editor');
    expect(within(panel).getByRole('combobox', { name: /Role/ })).toHaveValue('editor');
    await user.click(within(panel).getByRole('button', { name: 'Add user' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Temporary password for "ed"' });
    // the panel closes as the password opens; the page takes clicks once it has gone
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/users', json: { username: 'ed', name: 'Ed Editor', email: '', role: 'editor' } },
    ]);
    expect(within(shown).getByText('User created. Give them this temporary password.')).toBeInTheDocument();
    expect(within(shown).getByLabelText('Temporary password')).toHaveValue('Temp-Pass-123');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Temp-Pass-123');
    expect(within(shown).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('Temp-Pass-123')).not.toBeInTheDocument();
    await waitFor(() => expect(rowOf('ed')).toBeInTheDocument());
  });

  it('shows a refused field at its input and the reason in a toast', async () => {
    serveUsers();
    server.use(
      http.post('/api/users', () =>
        HttpResponse.json(
          {
            message: 'username is 1 to 64 letters',
            error: 'Bad Request',
            fields: [{ path: 'username', message: 'username is 1 to 64 letters' }],
          },
          { status: 400 },
        ),
      ),
    );
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const panel = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(panel).getByLabelText(/Username/), '-bad');
    await user.type(within(panel).getByLabelText(/Name/), 'Bad');
    await user.click(within(panel).getByRole('button', { name: 'Add user' }));
    await expectToast('Could not add the user', { destructive: true, description: 'username is 1 to 64 letters' });
    expect(within(panel).getByLabelText(/Username/)).toHaveAccessibleDescription('username is 1 to 64 letters');
    expect(within(panel).getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the name, email and role', async () => {
    const calls = serveUsers();
    await openAsAdmin();
    await choose('nina', 'Edit');
    const panel = await screen.findByRole('dialog', { name: 'Edit "nina"' });
    expect(within(panel).queryByLabelText(/Username/)).not.toBeInTheDocument();
    await user.clear(within(panel).getByLabelText(/Email/));
    await user.selectOptions(within(panel).getByRole('combobox', { name: /Role/ }), 'editor');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await expectToast('Changes to "nina" saved');
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/users/2', json: { name: 'Nina Viewer', email: '', role: 'editor' } },
    ]);
    await waitFor(() => expect(within(rowOf('nina')).getByText('Editor')).toBeInTheDocument());
  });

  it('disables after a confirmation, then enables without one', async () => {
    const calls = serveUsers();
    await openAsAdmin();
    await choose('nina', 'Disable…');
    expect(await screen.findByRole('alertdialog', { name: 'Disable "nina"?' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await confirmIn('Disable "nina"?', 'Disable');
    await expectToast('"nina" is disabled');
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/users/2', json: { disabled: true } }]);
    await waitFor(() => expect(within(rowOf('nina')).getByText('Disabled')).toBeInTheDocument());

    await choose('nina', 'Enable');
    await expectToast('"nina" is enabled');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: '/api/users/2', json: { disabled: false } });
    await waitFor(() => expect(within(rowOf('nina')).getByText('Active')).toBeInTheDocument());
  });

  it('asks nothing when a confirmation is cancelled', async () => {
    const calls = serveUsers();
    await openAsAdmin();
    await choose('nina', 'Sign out everywhere…');
    const question = await screen.findByRole('alertdialog', { name: 'Sign "nina" out everywhere?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it("tells the server's reason when the last administrator would be disabled", async () => {
    serveUsers();
    server.use(
      http.patch('/api/users/:id', () =>
        HttpResponse.json(
          {
            message: 'ada is the last active administrator: make someone else an administrator first.',
            error: 'Conflict',
          },
          { status: 409 },
        ),
      ),
    );
    await openAsAdmin();
    await choose('ada', 'Disable…');
    expect(await screen.findByText(/This includes your own session/)).toBeInTheDocument();
    await confirmIn('Disable "ada"?', 'Disable');
    await expectToast('Could not disable the user', {
      destructive: true,
      description: 'ada is the last active administrator: make someone else an administrator first.',
    });
  });

  it('resets a password after a confirmation and shows the new temporary password', async () => {
    const calls = serveUsers();
    await openAsAdmin();
    await choose('nina', 'Reset password…');
    await confirmIn('Reset the password of "nina"?', 'Reset password');
    const shown = await screen.findByRole('alertdialog', { name: 'Temporary password for "nina"' });
    expect(within(shown).getByLabelText('Temporary password')).toHaveValue('Reset-Pass-456');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/users/2/reset-password', json: null }]);
    await expectToast('Password reset');
  });

  it('signs a user out everywhere, and turns off two-factor only where it is on', async () => {
    const calls = serveUsers([admin, viewer, grace]);
    await openAsAdmin();
    await choose('nina', 'Sign out everywhere…');
    await confirmIn('Sign "nina" out everywhere?', 'Sign out everywhere');
    await expectToast('Signed out everywhere', { description: '"nina" is signed out everywhere.' });
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/users/2/sessions', json: null }]);

    await user.click(screen.getByRole('button', { name: 'Actions for nina' }));
    expect(await screen.findByRole('menuitem', { name: 'Reset password…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Turn off two-factor/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await choose('grace', 'Turn off two-factor…');
    await confirmIn('Turn off two-factor sign-in for "grace"?', 'Turn off two-factor');
    await expectToast('Two-factor sign-in turned off', { description: 'Two-factor sign-in is off for "grace".' });
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/users/3/totp', json: null });
  });

  it("offers neither a password reset nor turning off two-factor on one's own row: those are on the Account page", async () => {
    serveUsers();
    await openAsAdmin();
    await user.click(screen.getByRole('button', { name: 'Actions for ada' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out everywhere…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Reset password/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Turn off two-factor/ })).not.toBeInTheDocument();
  });
});
