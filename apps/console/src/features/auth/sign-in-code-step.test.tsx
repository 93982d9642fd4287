import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { TOKEN_KEY, getSession } from '@/lib/session';
import { makeLoginResponse, makeUser } from '@/testing/factories';

const CHALLENGE = {
  mfa_required: true,
  mfa_token: 'challenge-1',
  message: 'Enter the code from your authenticator app, or a recovery code.',
};

/** Signs in with a password that is right for an account with two-factor sign-in; returns the code step's bodies. */
async function reachCodeStep(answer: Parameters<typeof http.post>[1]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/login', () => HttpResponse.json(CHALLENGE)),
    http.post('/api/login/totp', async (info) => {
      bodies.push(await info.request.clone().json());
      return answer(info);
    }),
  );
  const result = renderApp('/');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'grace');
  await user.type(screen.getByLabelText('Password'), 'secret password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByLabelText('Authentication code');
  return { ...result, user, bodies };
}

const signedIn = () => HttpResponse.json(makeLoginResponse(makeUser({ username: 'grace', name: 'Grace Hopper' })));

describe('sign-in code step', () => {
  it('asks for the authenticator code on the same card, then signs in as a password sign-in does', async () => {
    const { user, bodies, router } = await reachCodeStep(signedIn);
    expect(screen.getByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeInTheDocument();
    const input = screen.getByLabelText('Authentication code');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(getSession()).toBeNull();

    await user.type(input, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Login successful', { description: 'Welcome back, grace!' });
    expect(await screen.findByRole('heading', { name: 'Hello Grace Hopper' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(bodies).toEqual([{ mfa_token: 'challenge-1', code: '123456' }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-123');
  });

  it('switches to a recovery code and sends it without spaces', async () => {
    const { user, bodies } = await reachCodeStep(signedIn);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code');
    expect(input).toHaveFocus();
    expect(input).not.toHaveAttribute('inputmode', 'numeric');
    await user.type(input, ' abcd-ef01-2345-6789 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Login successful');
    expect(bodies).toEqual([{ mfa_token: 'challenge-1', code: 'abcd-ef01-2345-6789' }]);
  });

  it('checks the code before sending it', async () => {
    const { user, bodies } = await reachCodeStep(signedIn);
    await user.type(screen.getByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter one of your recovery codes')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('a wrong code keeps the step and says so on the field and in the toast', async () => {
    const message = 'The code is not correct';
    const { user } = await reachCodeStep(() =>
      HttpResponse.json({ message, error: message, fields: [{ path: 'code', message }] }, { status: 401 }),
    );
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Login failed', { description: message, destructive: true });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Authentication code')).toBeEnabled();
    expect(getSession()).toBeNull();
  });

  it('too many attempts keep the step with the server sentence', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    const { user } = await reachCodeStep(() =>
      HttpResponse.json({ message, error: message }, { status: 429, headers: { 'Retry-After': '900' } }),
    );
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Login failed', { description: message, destructive: true });
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('an expired sign-in goes back to the password step with the name kept', async () => {
    const message = 'This sign-in has expired. Please sign in again.';
    const { user } = await reachCodeStep(() => HttpResponse.json({ message, error: message }, { status: 401 }));
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Login failed', { description: message, destructive: true });
    expect(await screen.findByLabelText('Username')).toHaveValue('grace');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('Back returns to the password step without a request', async () => {
    const { user, bodies } = await reachCodeStep(signedIn);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
