import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { MOBILE_QUERY, installMatchMedia } from '@/testing/match-media';
import { TOKEN_KEY, USER_KEY, getSession } from '@/lib/session';
import { consoleSections } from '@/app/console-sections';

/** Dashboard, every section with an item in the registry's order, Trash, Media, Site health, then Users. */
const NAV_ORDER = [
  'Dashboard',
  ...consoleSections.flatMap((s) => (s.nav ? [s.nav.label] : [])),
  'Trash',
  'Media',
  'Site health',
  'Users',
];

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

describe('signed-in layout', () => {
  let media: ReturnType<typeof installMatchMedia> | undefined;
  afterEach(() => media?.restore());

  it('lists the navigation items in order, Insight pointing to /insights', async () => {
    signInAs();
    renderApp('/dashboard');
    const nav = await mainNav();
    const links = nav.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(NAV_ORDER);
    expect(nav.getByRole('link', { name: 'Insight' })).toHaveAttribute('href', '/insights');
    expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    // Messages right after the testimonials; the content area has no item
    expect(NAV_ORDER.indexOf('Messages')).toBe(NAV_ORDER.indexOf('Disbursement Testimonials') + 1);
    expect(NAV_ORDER).not.toContain('Content');
    // The trash right after Messages
    expect(nav.getByRole('link', { name: 'Trash' })).toHaveAttribute('href', '/trash');
    expect(NAV_ORDER.indexOf('Trash')).toBe(NAV_ORDER.indexOf('Messages') + 1);
    // the media library right after the trash
    expect(nav.getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/media');
    expect(nav.getByRole('link', { name: 'Site health' })).toHaveAttribute('href', '/site-health');
  });

  it('marks the active item', async () => {
    signInAs();
    renderApp('/faqs/edit/2');
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'FAQs' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('collapses the desktop sidebar from 240 to 70 px, moving the content with it', async () => {
    signInAs();
    renderApp('/dashboard');
    await mainNav();
    const sidebar = screen.getByRole('complementary');
    const main = screen.getByRole('main');
    expect(sidebar).toHaveStyle({ width: '240px' });
    expect(main).toHaveStyle({ marginLeft: '240px' });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveStyle({ width: '70px' });
    expect(main).toHaveStyle({ marginLeft: '70px' });
    expect(screen.getByRole('link', { name: 'Heroes' })).toBeInTheDocument();
  });

  it('names the icons of the collapsed sidebar in tooltips', async () => {
    signInAs();
    renderApp('/dashboard');
    await mainNav();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    // the tooltip code arrives on the first collapse; hover until it answers
    await waitFor(async () => {
      await userEvent.hover(screen.getByRole('link', { name: 'Heroes' }));
      expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent('Heroes');
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.hover(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Logout'));
  });

  it('logs out: revokes the token, clears storage, says so and goes to /', async () => {
    signInAs('Ada', 'tok-1');
    let auth: string | null = null;
    server.use(
      http.post('/api/logout', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/dashboard');
    await mainNav();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(auth).toBe('Bearer tok-1');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('on mobile: top bar, navigation sheet from the left, bottom Dashboard bar after the content', async () => {
    media = installMatchMedia({ [MOBILE_QUERY]: true });
    signInAs();
    const { router } = renderApp('/heroes');
    const bottom = await screen.findByRole('navigation', { name: 'Bottom' });
    expect(within(bottom).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveClass('pb-20');

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog');
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(expect.arrayContaining(NAV_ORDER));
    expect(within(sheet).getByRole('link', { name: 'Insight' })).toHaveAttribute('href', '/insights');
    await userEvent.click(within(sheet).getByRole('link', { name: 'Steps' }));
    // the Steps screen is its own chunk: under load it can take a moment to arrive
    await expect.poll(() => router.state.location.pathname, { timeout: 5000 }).toBe('/steps');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches layout live when the window crosses 768 px', async () => {
    media = installMatchMedia({ [MOBILE_QUERY]: false });
    signInAs();
    renderApp('/dashboard');
    await mainNav();
    act(() => media?.set(MOBILE_QUERY, true));
    expect(await screen.findByRole('navigation', { name: 'Bottom' })).toBeInTheDocument();
  });
});

describe('session check', () => {
  it('ends a session the server no longer accepts as soon as the frame opens', async () => {
    signInAs('Ada', 'revoked');
    server.use(
      http.get('/api/me', () =>
        HttpResponse.json({ message: 'Session expired', error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/heroes');
    expect(await screen.findByRole('heading', { name: 'Sign in to Bursary CMS' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});
