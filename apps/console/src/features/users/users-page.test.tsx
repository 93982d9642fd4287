import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';
import { formatDay } from '@/lib/format-date';
import { PLACEHOLDER, admin, openAsAdmin, rowOf, serveUsers, user, viewer } from './users-page.test-helpers';

// who sees the page, the list and adding a user; the row actions are in users-page-actions.test.tsx

afterEach(() => vi.restoreAllMocks());

describe('/users', () => {
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
      formatDay(admin.created_at),
      'Actions',
    ]);
    expect(cells('nina')).toEqual([
      'nina',
      'Nina Viewer',
      'nina@example.org',
      'Viewer',
      'Active',
      'Off',
      formatDay(viewer.last_login_at),
      formatDay(viewer.created_at),
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
});
