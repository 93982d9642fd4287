import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';
import { card, fill, openAccount, signInWith } from '@/testing/account';
import { getSession } from '@/lib/session';

afterEach(() => vi.restoreAllMocks());

describe('/account: two-factor sign-in', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-000${i}`);

  it('sets it up: QR code and key, a first code, then the recovery codes with Copy and Download', async () => {
    const user = signInWith();
    let confirmedWith: unknown;
    server.use(
      http.post('/api/me/totp', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXPJBSW',
          uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Bursary',
          message: 'Add it',
        }),
      ),
      http.put('/api/me/totp', async ({ request }) => {
        confirmedWith = await request.json();
        return HttpResponse.json({
          recovery_codes: codes,
          message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe.',
        });
      }),
      http.get('/api/me', () => HttpResponse.json({ ...user, two_factor: confirmedWith !== undefined })),
    );
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:codes';
    });
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
    expect(
      await screen.findByRole('img', { name: 'QR code to add Bursary to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeInTheDocument();

    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await fill(type, 'Authentication code', '123 456');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
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
      http.post('/api/me/totp', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXP',
          message: 'Add it',
        }),
      ),
      http.put('/api/me/totp', () => HttpResponse.json({ recovery_codes: codes, message: 'Keep them.' })),
    );
    const { type } = await openAccount();
    Object.defineProperty(navigator, 'clipboard', {
      value: {
        writeText: vi.fn(async () => {
          throw new Error('denied');
        }),
      },
      configurable: true,
    });
    await type.click(screen.getByRole('button', { name: 'Set up' }));
    await fill(type, 'Authentication code', '123456');
    await type.click(screen.getByRole('button', { name: 'Turn on' }));
    await type.click(await screen.findByRole('button', { name: 'Copy' }));
    await expectToast('Could not copy the codes', {
      description: 'Select the codes and copy them yourself, or download them.',
      destructive: true,
    });
  });

  it('a wrong first code keeps the set-up with the reason on the field', async () => {
    signInWith();
    const message = 'The code is not correct';
    server.use(
      http.post('/api/me/totp', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Bursary:grace?secret=JBSWY3DPEHPK3PXP',
          message: 'Add it',
        }),
      ),
      http.put('/api/me/totp', () =>
        HttpResponse.json({ message, error: message, fields: [{ path: 'code', message }] }, { status: 400 }),
      ),
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
