import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SessionInfo, User } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { makeUser } from '@/testing/factories';
import { getSession, setSession } from '@/lib/session';

type Typist = ReturnType<typeof userEvent.setup>;

async function fill(type: Typist, label: string, text: string) {
  const field = await screen.findByLabelText(label);
  await type.clear(field);
  await type.click(field);
  await type.paste(text);
}

function signInWith(overrides: Partial<User> = {}) {
  const user = makeUser({ id: 7, username: 'grace', name: 'Grace Hopper', email: 'grace@example.org', role: 'editor', two_factor: false, ...overrides });
  setSession({ user, token: 'token-1' });
  return user;
}

async function openAccount() {
  const result = renderApp('/account');
  await screen.findByRole('heading', { name: 'Account', level: 1 });
  return { ...result, type: userEvent.setup() };
}

const card = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('.rounded-lg') as HTMLElement;

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
    server.use(http.patch('/api/me', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ ...user, name: 'Grace B. Hopper', email: null });
    }));
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
    server.use(http.patch('/api/me', () => HttpResponse.json({ message, error: 'Bad Request', fields: [{ path: 'email', message }] }, { status: 400 })));
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
    server.use(http.put('/api/me/password', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ message: 'Password changed. Your other sessions have been signed out.' });
    }));
    const { type } = await openAccount();
    expect(within(card('Password')).getByText('Changing your password signs you out on every other device.')).toBeInTheDocument();
    await fill(type, 'Current password', 'old passphrase');
    await fill(type, 'New password', 'a new long passphrase');
    await fill(type, 'Confirm new password', 'a new long passphrase');
    await type.click(screen.getByRole('button', { name: 'Change password' }));
    await expectToast('Password changed', { description: 'Password changed. Your other sessions have been signed out.' });
    expect(body).toEqual({ current_password: 'old passphrase', new_password: 'a new long passphrase' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('a wrong current password is said on that field', async () => {
    signInWith();
    const message = 'The current password is not correct';
    server.use(http.put('/api/me/password', () => HttpResponse.json({ message, error: message, fields: [{ path: 'current_password', message }] }, { status: 400 })));
    const { type } = await openAccount();
    await fill(type, 'Current password', 'wrong');
    await fill(type, 'New password', 'a new long passphrase');
    await fill(type, 'Confirm new password', 'a new long passphrase');
    await type.click(screen.getByRole('button', { name: 'Change password' }));
    await expectToast('Could not change the password', { description: message, destructive: true });
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(message);
  });
});

describe('/account: two-factor sign-in', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-000${i}`);

  it('sets it up: QR code and key, a first code, then the recovery codes with Copy and Download', async () => {
    const user = signInWith();
    let confirmedWith: unknown;
    server.use(
      http.post('/api/me/totp', () => HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXPJBSW', uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Bursary', message: 'Add it' })),
      http.put('/api/me/totp', async ({ request }) => {
        confirmedWith = await request.json();
        return HttpResponse.json({ recovery_codes: codes, message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe.' });
      }),
      http.get('/api/me', () => HttpResponse.json({ ...user, two_factor: confirmedWith !== undefined })),
    );
    const createObjectURL = vi.fn((blob: Blob) => { void blob; return 'blob:codes'; });
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { type } = await openAccount();
    // after user-event's set-up, which brings a clipboard of its own
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const twoFactor = card('Two-factor sign-in');
    expect(within(twoFactor).getByText('Off')).toBeInTheDocument();
    await type.click(within(twoFactor).getByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('img', { name: 'QR code to add Bursary to your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeInTheDocument();

    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await fill(type, 'Authentication code', '123 456');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(confirmedWith).toEqual({ code: '123456' });
    expect(screen.getByText('Two-factor sign-in is on. Keep these recovery codes somewhere safe.')).toBeInTheDocument();

    await type.click(screen.getByRole('button', { name: 'Copy' }));
    await expectToast('Recovery codes copied');
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(codes.join('\n')));

    await type.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toContain(`Bursary recovery codes for grace\n`);
    expect(await blob?.text()).toContain(codes.join('\n'));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('bursary-recovery-codes.txt');

    await expect.poll(() => getSession()?.user.two_factor).toBe(true);
    await type.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(twoFactor).getByText('On')).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('a failed copy says how to keep the codes instead', async () => {
    signInWith();
    server.use(
      http.post('/api/me/totp', () => HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXP', message: 'Add it' })),
      http.put('/api/me/totp', () => HttpResponse.json({ recovery_codes: codes, message: 'Keep them.' })),
    );
    const { type } = await openAccount();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => { throw new Error('denied'); }) }, configurable: true });
    await type.click(screen.getByRole('button', { name: 'Set up' }));
    await fill(type, 'Authentication code', '123456');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    await type.click(await screen.findByRole('button', { name: 'Copy' }));
    await expectToast('Could not copy the codes', { description: 'Select the codes and copy them yourself, or download them.', destructive: true });
  });

  it('a wrong first code keeps the set-up with the reason on the field', async () => {
    signInWith();
    const message = 'The code is not correct';
    server.use(
      http.post('/api/me/totp', () => HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXP', message: 'Add it' })),
      http.put('/api/me/totp', () => HttpResponse.json({ message, error: message, fields: [{ path: 'code', message }] }, { status: 400 })),
    );
    const { type } = await openAccount();
    await type.click(screen.getByRole('button', { name: 'Set up' }));
    await fill(type, 'Authentication code', '000000');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    await expectToast('Could not turn on two-factor sign-in', { description: message, destructive: true });
    expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('img', { name: 'QR code to add Bursary to your authenticator app' })).toBeInTheDocument();
  });

  it('turns it off with the password and a recovery code', async () => {
    const user = signInWith({ two_factor: true });
    let body: unknown;
    server.use(
      http.delete('/api/me/totp', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Two-factor sign-in is off.' });
      }),
      http.get('/api/me', () => HttpResponse.json({ ...user, two_factor: body === undefined })),
    );
    const { type } = await openAccount();
    const twoFactor = card('Two-factor sign-in');
    await type.click(within(twoFactor).getByRole('button', { name: 'Turn off' }));
    await type.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByText('Enter a code from your authenticator app or a recovery code')).toBeInTheDocument();
    await fill(type, 'Password', 'my passphrase');
    await fill(type, 'Authentication or recovery code', 'aaaa-bbbb-cccc-0001');
    await type.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await expectToast('Two-factor sign-in is off', { description: 'Signing in now asks for your password only.' });
    expect(body).toEqual({ password: 'my passphrase', code: 'aaaa-bbbb-cccc-0001' });
    expect(getSession()?.user.two_factor).toBe(false);
    expect(await within(twoFactor).findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });
});

describe('/account: signed-in devices', () => {
  const session = (id: number, current: boolean): SessionInfo => ({
    id, current, created_at: `2026-11-2${id}T09:00:00.000Z`, last_seen_at: `2026-11-2${id}T10:30:00.000Z`, expires_at: '2026-12-01T00:00:00.000Z',
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
    expect(await screen.findByText('Could not load your sessions. Could not connect to the server. Please check your network.')).toBeInTheDocument();
  });
});
