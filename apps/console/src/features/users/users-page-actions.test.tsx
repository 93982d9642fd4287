import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';
import {
  admin,
  choose,
  confirmIn,
  grace,
  openAsAdmin,
  rowOf,
  serveUsers,
  user,
  viewer,
} from './users-page.test-helpers';

// the actions on a user's row; the list and adding a user are in users-page.test.tsx

afterEach(() => vi.restoreAllMocks());

describe('/users', () => {
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
