import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SessionInfo } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { card, fill, openAccount, signInWith } from '@/testing/account';
import { getSession } from '@/lib/session';

afterEach(() => vi.restoreAllMocks());

describe('/account: profile and password', () => {
  it('is linked from the sidebar footer as Account, named by a tooltip when collapsed', async () => {
    signInWith();
    renderApp('/dashboard');
    const type = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await type.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveTextContent('Account');
    // the tooltip code arrives on the first collapse (the icons are drawn again then); hover until it answers
    await waitFor(async () => {
      await userEvent.hover(screen.getByRole('link', { name: 'Account' }));
      expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('Account');
    });
  });

  it('saves the name and email and stores the user the server answers', async () => {
    const user = signInWith();
    let body: unknown;
    server.use(
      http.patch('/api/me', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...user, name: 'Grace B. Hopper', email: null });
      }),
    );
    const { type } = await openAccount();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
    await fill(type, 'Name', '  Grace B. Hopper ');
    await type.clear(screen.getByLabelText('Email'));
    await type.click(screen.getByRole('button', { name: 'Save profile' }));
    await expectToast('Profile saved', { description: 'Your name and email are up to date.' });
    expect(body).toEqual({ name: 'Grace B. Hopper', email: '' });
    expect(getSession()?.user).toMatchObject({ name: 'Grace B. Hopper', email: null });
  });

  it('pins a refused email on its field', async () => {
    signInWith();
    const message = 'email must be an email address';
    server.use(
      http.patch('/api/me', () =>
        HttpResponse.json({ message, error: 'Bad Request', fields: [{ path: 'email', message }] }, { status: 400 }),
      ),
    );
    const { type } = await openAccount();
    await fill(type, 'Email', 'not-an-address');
    await type.click(screen.getByRole('button', { name: 'Save profile' }));
    await expectToast('Could not save your profile', { description: message, destructive: true });
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(getSession()?.user.email).toBe('grace@example.org');
  });

  it('changes the password, saying that other devices are signed out', async () => {
    signInWith();
    let body: unknown;
    server.use(
      http.put('/api/me/password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password changed. Your other sessions have been signed out.' });
      }),
    );
    const { type } = await openAccount();
    expect(
      within(card('Password')).getByText('Changing your password signs you out on every other device.'),
    ).toBeInTheDocument();
    await fill(type, 'Current password', 'old passphrase');
    await fill(type, 'New password', 'a new long passphrase');
    await fill(type, 'Confirm new password', 'a new long passphrase');
    await type.click(screen.getByRole('button', { name: 'Change password' }));
    await expectToast('Password changed', {
      description: 'Password changed. Your other sessions have been signed out.',
    });
    expect(body).toEqual({ current_password: 'old passphrase', new_password: 'a new long passphrase' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('a wrong current password is said on that field', async () => {
    signInWith();
    const message = 'The current password is not correct';
    server.use(
      http.put('/api/me/password', () =>
        HttpResponse.json(
          { message, error: message, fields: [{ path: 'current_password', message }] },
          { status: 400 },
        ),
      ),
    );
    const { type } = await openAccount();
    await fill(type, 'Current password', 'wrong');
    await fill(type, 'New password', 'a new long passphrase');
    await fill(type, 'Confirm new password', 'a new long passphrase');
    await type.click(screen.getByRole('button', { name: 'Change password' }));
    await expectToast('Could not change the password', { description: message, destructive: true });
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(message);
  });
});

describe('/account: signed-in devices', () => {
  const session = (id: number, current: boolean): SessionInfo => ({
    id,
    current,
    created_at: `2026-11-2${id}T09:00:00.000Z`,
    last_seen_at: `2026-11-2${id}T10:30:00.000Z`,
    expires_at: '2026-12-01T00:00:00.000Z',
    user_agent: current ? 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' : null,
  });

  it('lists the sessions, marks this one, and signs out the others', async () => {
    signInWith();
    let sessions = [session(3, true), session(2, false), session(1, false)];
    server.use(
      http.get('/api/me/sessions', () => HttpResponse.json(sessions)),
      http.delete('/api/me/sessions', () => {
        sessions = sessions.filter((s) => s.current);
        return HttpResponse.json({ message: 'Signed out of 2 other sessions.', ended: 2 });
      }),
    );
    const { type } = await openAccount();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(within(list).getAllByText('This device')).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(/Firefox on Linux/);
    expect(rows[1]).toHaveTextContent(/Unknown browser/);
    expect(rows[0]).toHaveTextContent(/Signed in 23 Nov 2026/);
    expect(rows[0]).toHaveTextContent(/Last active 23 Nov 2026/);

    await type.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    await expectToast('Signed out other devices', { description: 'Signed out of 2 other sessions.' });
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled();
  });

  it('says when the list cannot be read', async () => {
    signInWith();
    server.use(http.get('/api/me/sessions', () => HttpResponse.error()));
    await openAccount();
    expect(
      await screen.findByText(
        'Could not load your sessions. Could not connect to the server. Please check your network.',
      ),
    ).toBeInTheDocument();
  });
});
