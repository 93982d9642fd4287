import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { english, french, seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });

/** The languages as the server keeps them, changed by the page's writes, and every write seen. */
function serveLanguageAdmin() {
  const writes: SeenRequest[] = [];
  let locales = [english, french];
  server.use(
    http.get('/api/locales', () => HttpResponse.json(locales)),
    http.post('/api/locales', async ({ request }) => {
      const write = await seen(request);
      writes.push(write);
      const body = write.json as { code: string; name: string };
      const added = { code: body.code, name: body.name, fallback: null, public: false, default: false };
      locales = [...locales, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.patch('/api/locales/:code', async ({ request, params }) => {
      const write = await seen(request);
      writes.push(write);
      locales = locales.map((l) => (l.code === params.code ? { ...l, ...(write.json as object) } : l));
      return HttpResponse.json(locales.find((l) => l.code === params.code));
    }),
    http.delete('/api/locales/:code', async ({ request, params }) => {
      writes.push(await seen(request));
      locales = locales.filter((l) => l.code !== params.code);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the Languages page', () => {
  it('shows a language added elsewhere once the tab comes back into focus, without a reload', async () => {
    signInWithRole('admin');
    let locales = [english, french];
    server.use(http.get('/api/locales', () => HttpResponse.json(locales)));
    renderApp('/languages', undefined, { appDefaults: true });
    await screen.findByRole('region', { name: /^Français/ });
    locales = [...locales, { code: 'rw', name: 'Kinyarwanda', fallback: null, public: false, default: false }];
    // what a browser sends when its tab is shown again
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('region', { name: /^Kinyarwanda/ })).toBeInTheDocument();
  });

  it('is in the navigation after Webhooks, for administrators only', async () => {
    signInWithRole('admin');
    serveLocales();
    const { unmount } = renderApp('/languages');
    await screen.findByRole('heading', { level: 1, name: 'Languages' });
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    const labels = links.map((link) => link.textContent);
    expect(labels.indexOf('Languages')).toBe(labels.indexOf('Webhooks') + 1);
    unmount();

    signInWithRole('editor');
    renderApp('/languages');
    expect(await screen.findByText('Languages are managed by administrators.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Languages' })).toBeNull();
  });

  it('adds a language by code and name, renames it and sets its fallback', async () => {
    signInWithRole('admin');
    const writes = serveLanguageAdmin();
    renderApp('/languages');
    await screen.findByRole('region', { name: /^Français/ });
    const add = screen.getByRole('form', { name: 'Add a language' });
    await user.type(within(add).getByLabelText('Code'), 'sw');
    await user.type(within(add).getByLabelText('Name'), 'Kiswahili');
    await user.click(within(add).getByRole('button', { name: 'Add language' }));
    await expectToast('Language added', { description: 'Kiswahili is not shown on the website yet.' });
    const swahili = await screen.findByRole('region', { name: /^Kiswahili/ });

    const name = within(swahili).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Swahili');
    await user.click(within(swahili).getByRole('button', { name: 'Rename' }));
    await expectToast('Language renamed');
    await user.selectOptions(within(card('Swahili')).getByLabelText('Fallback'), 'Français');
    await expectToast('Fallback changed');
    expect(writes.map(({ method, path, json }) => ({ method, path, json }))).toEqual([
      { method: 'POST', path: '/api/locales', json: { code: 'sw', name: 'Kiswahili' } },
      { method: 'PATCH', path: '/api/locales/sw', json: { name: 'Swahili' } },
      { method: 'PATCH', path: '/api/locales/sw', json: { fallback: 'fr' } },
    ]);
  });

  it("shows a language on the website with 'Show on the website'; the default one stays shown", async () => {
    signInWithRole('admin');
    const writes = serveLanguageAdmin();
    renderApp('/languages');
    await screen.findByRole('region', { name: /^Français/ });
    expect(within(card('English')).getByRole('switch', { name: 'Show on the website' })).toBeDisabled();
    const shown = within(card('Français')).getByRole('switch', { name: 'Show on the website' });
    expect(shown).toBeChecked();
    await user.click(shown);
    await expectToast('Hidden from the website');
    expect(writes.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/locales/fr', json: { public: false } });
  });

  it('asks before a delete and says what goes with the language; the default one has no Delete', async () => {
    signInWithRole('admin');
    const writes = serveLanguageAdmin();
    renderApp('/languages');
    await screen.findByRole('region', { name: /^Français/ });
    expect(within(card('English')).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(card('Français')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete Français?' });
    expect(question).toHaveTextContent('Français (fr) will be deleted with its translations in every record.');
    expect(writes).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await expectToast('Language deleted');
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Français/ })).toBeNull());
    expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/locales/fr']);
  });
});
