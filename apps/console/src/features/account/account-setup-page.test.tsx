import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { User } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { makeUser } from '@/testing/factories';
import { getSession, setSession } from '@/lib/session';

/** Pastes rather than types: long passwords typed key by key make slow tests. */
async function fill(type: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await type.click(await screen.findByLabelText(label));
  await type.paste(text);
}

function signInWith(flags: Partial<User>) {
  const user = makeUser({ name: 'Nina New', username: 'nina', role: 'editor', ...flags });
  setSession({ user, token: 'token-1' });
  return user;
}

/** Records the dashboard's calls made while the account is still pending: the server would refuse them. */
function countRefusedCalls(pending: () => boolean) {
  const calls: string[] = [];
  server.use(
    http.get('/api/logs*', ({ request }) => {
      if (!pending()) return undefined;
      calls.push(request.url);
      return HttpResponse.json({ message: 'refused' }, { status: 403 });
    }),
  );
  return calls;
}

describe('first sign-in with a temporary password', () => {
  it('asks for a new password before anything else, then goes on to the dashboard', async () => {
    const user = signInWith({ must_change_password: true });
    let body: unknown;
    let changed = false;
    const refused = countRefusedCalls(() => !changed);
    server.use(
      http.put('/api/me/password', async ({ request }) => {
        body = await request.json();
        changed = true;
        return HttpResponse.json({ message: 'Password changed. Your other sessions have been signed out.' });
      }),
      http.get('/api/me', () => HttpResponse.json({ ...user, must_change_password: !changed })),
    );
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/setup');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    const type = userEvent.setup();
    await fill(type, 'Temporary password', 'temporary-1234');
    await fill(type, 'New password', 'a brand new passphrase');
    await fill(type, 'Confirm new password', 'a brand new passphrase!');
    await type.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two new passwords do not match')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await type.clear(screen.getByLabelText('Confirm new password'));
    await fill(type, 'Confirm new password', 'a brand new passphrase');
    await type.click(screen.getByRole('button', { name: 'Set new password' }));
    await expectToast('Password changed', {
      description: 'Password changed. Your other sessions have been signed out.',
    });
    expect(await screen.findByRole('heading', { name: 'Hello Nina New' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(body).toEqual({ current_password: 'temporary-1234', new_password: 'a brand new passphrase' });
    expect(getSession()?.user.must_change_password).toBe(false);
    expect(refused).toEqual([]);
  });

  it("shows the server's reason on the field it names", async () => {
    signInWith({ must_change_password: true });
    const message = 'This password is too common; choose another one';
    server.use(
      http.put('/api/me/password', () =>
        HttpResponse.json({ message, error: message, fields: [{ path: 'new_password', message }] }, { status: 400 }),
      ),
    );
    renderApp('/account/setup');
    const type = userEvent.setup();
    await fill(type, 'Temporary password', 'temporary-1234');
    await fill(type, 'New password', 'password1234');
    await fill(type, 'Confirm new password', 'password1234');
    await type.click(screen.getByRole('button', { name: 'Set new password' }));
    await expectToast('Could not change the password', { description: message, destructive: true });
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('a required second factor is set up first, its recovery codes shown before going on', async () => {
    const user = signInWith({ must_set_up_2fa: true });
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    let confirmed = false;
    server.use(
      http.post('/api/me/totp', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Bursary:nina?secret=JBSWY3DPEHPK3PXP',
          message: 'Add it',
        }),
      ),
      http.put('/api/me/totp', () => {
        confirmed = true;
        return HttpResponse.json({ recovery_codes: codes, message: 'Keep these recovery codes somewhere safe.' });
      }),
      http.get('/api/me', () => HttpResponse.json({ ...user, two_factor: confirmed, must_set_up_2fa: !confirmed })),
    );
    const { router } = renderApp('/faqs');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    const type = userEvent.setup();
    await type.click(screen.getByRole('button', { name: 'Set up' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to add Bursary to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await fill(type, 'Authentication code', '123456');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('code-9');
    // the codes stay until the user goes on, though the server already has the factor
    expect(router.state.location.pathname).toBe('/account/setup');
    await type.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Hello Nina New' })).toBeInTheDocument();
    expect(getSession()?.user).toMatchObject({ two_factor: true, must_set_up_2fa: false });
  });

  it('leaves the setup screen for the dashboard when nothing is pending', async () => {
    signInWith({});
    const { router } = renderApp('/account/setup');
    expect(await screen.findByRole('heading', { name: 'Hello Nina New' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a pending account signing in goes straight to its step', async () => {
    signInWith({ must_change_password: true });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/setup');
  });
});

describe('the stored user follows GET /api/me', () => {
  it('a flag the server raises later sends the user to the step', async () => {
    const user = signInWith({});
    server.use(http.get('/api/me', () => HttpResponse.json({ ...user, role: 'viewer', must_set_up_2fa: true })));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(getSession()?.user.role).toBe('viewer');
    expect(getSession()?.token).toBe('token-1');
  });
});
