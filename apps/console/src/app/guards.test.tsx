import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, signInAs } from '@/testing/render';
import { peekReturnPath, setReturnPath } from '@/lib/drafts';

describe('route guard', () => {
  it('sends a visitor without a session from a signed-in route to the sign-in page, replacing the entry', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/heroes', '/content/create', '/faqs/edit/3', '/settings'])('guards %s', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Sign in to Bursary CMS' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an authenticated user from / to /dashboard', async () => {
    signInAs('Grace');
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the 404 page for an unknown path, signed in or not', async () => {
    renderApp('/no/such/page/here');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('redirects /insight to /insights', async () => {
    signInAs();
    const { router } = renderApp('/insight');
    await screen.findByRole('navigation', { name: 'Main' });
    await expect.poll(() => router.state.location.pathname).toBe('/insights');
  });

  it('after an expired session that kept a draft, signing in returns to that page once', async () => {
    setReturnPath('/faqs/edit/3');
    signInAs();
    const { router } = renderApp('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await expect.poll(() => router.state.location.pathname).toBe('/faqs/edit/3');
    // the layout forgets the path in an effect after it mounts, which a busy machine may run a moment later
    await expect.poll(() => peekReturnPath()).toBeNull();
  });
});
