import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/render';
import { TOKEN_KEY, USER_KEY, getSession } from '@/lib/session';
import { makeLoginResponse, makeUser } from '@/testing/factories';

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function failureToastText(): Promise<string | null> {
  const title = await screen.findByText('Login failed');
  const toastItem = title.closest('li');
  if (!toastItem) throw new Error('no toast');
  return within(toastItem).getByText((_, el) => el?.tagName === 'DIV' && el.previousElementSibling === title)
    .textContent;
}

describe('sign-in page', () => {
  it('shows the page strings', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeInTheDocument();
    expect(screen.getByText('Enter your credentials to access your account')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('placeholder', 'your_username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(`© ${new Date().getFullYear()} Bursary. All rights reserved.`)).toBeInTheDocument();
  });

  it('validates before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/login', () => {
        calls += 1;
        return HttpResponse.json(makeLoginResponse());
      }),
    );
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('', '12345');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('signs in: stores the session, greets and goes to the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeLoginResponse(makeUser({ username: 'grace', name: 'Grace Hopper' })));
      }),
    );
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('grace', 'secret1');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, grace!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello Grace Hopper' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(body).toEqual({ username: 'grace', password: 'secret1' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-123');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ username: 'grace' });
  });

  it("reads 'Signing in...' with a spinner and is disabled while pending", async () => {
    server.use(
      http.post('/api/login', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('grace', 'secret1');
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it.each([
    [
      'the error field',
      () =>
        HttpResponse.json({ message: 'Invalid credentials', error: 'Invalid username or password' }, { status: 401 }),
      'Invalid username or password',
    ],
    [
      'the status when the answer has no error field',
      () => HttpResponse.json({ message: 'x' }, { status: 500 }),
      'Login failed (Status: 500)',
    ],
    [
      'the status when the answer is not JSON',
      () => new HttpResponse('<html>', { status: 502 }),
      'Login failed (Status: 502)',
    ],
    ['a network failure', () => HttpResponse.error(), 'Could not connect to the server. Please check your network.'],
    [
      'an unreadable success',
      () => HttpResponse.json({ nonsense: true }),
      'An unexpected error occurred. Please try again.',
    ],
  ])('fails with %s', async (_case, resolver, text) => {
    localStorage.setItem(USER_KEY, JSON.stringify({ name: 'Old' }));
    localStorage.setItem(TOKEN_KEY, 'old');
    server.use(http.post('/api/login', resolver));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('grace', 'secret1');
    expect(await failureToastText()).toBe(text);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('sign-in checks in the form', () => {
  it('focuses the first field in error and clears a message once the field is fixed', async () => {
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Username'), 'grace');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('sends the username trimmed and the password as typed', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeLoginResponse());
      }),
    );
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign in' });
    await fillAndSubmit('  grace ', ' secret ');
    await expect.poll(() => body).toEqual({ username: 'grace', password: ' secret ' });
  });
});
