import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { field } from '@/testing/form-fields';
import { seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });
const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };

/**
 * Serves FAQ 8: read plainly, in every language (`?locale=*`) and in French (`?locale=fr`, with `frenchWaiting` when
 * changes wait in French), its French waiting changes, and its publishing routes; records every request.
 */
function serveFaqInFrench(frenchWaiting: SectionRecord | null) {
  const requests: SeenRequest[] = [];
  const inDefault = { id: 8, title: 'Fees', description: '<p>None.</p>', ...live };
  const inEvery = { id: 8, title: { en: 'Fees', fr: 'Frais' }, description: { en: '<p>None.</p>' }, ...live };
  const inFrench = {
    id: 8,
    title: 'Frais',
    description: '<p>None.</p>',
    locale: 'fr',
    fallback_fields: ['description'],
    ...live,
    has_changes: frenchWaiting !== null,
  };
  const record = async ({ request }: { request: Request }) => {
    const got = await seen(request);
    requests.push(got);
    if (request.method !== 'GET') return HttpResponse.json(inDefault);
    const locale = new URL(request.url).searchParams.get('locale');
    const body = locale === '*' ? inEvery : locale === 'fr' ? inFrench : inDefault;
    return HttpResponse.json(body, { headers: { ETag: '"8-3"' } });
  };
  const changes = async ({ request }: { request: Request }) => {
    requests.push(await seen(request));
    if (request.method === 'DELETE')
      return HttpResponse.json({ message: 'Changes to FAQ "Fees" discarded (Français).' });
    if (request.method === 'GET' && !frenchWaiting) return HttpResponse.json({ message: 'None' }, { status: 404 });
    return HttpResponse.json(frenchWaiting ?? inFrench, { headers: { ETag: '"c8.fr-1"' } });
  };
  const step = async ({ request }: { request: Request }) => {
    requests.push(await seen(request));
    return HttpResponse.json(inDefault);
  };
  server.use(
    http.get('/api/faqs/8', record),
    http.put('/api/faqs/8', record),
    http.get('/api/faqs/8/changes', changes),
    http.put('/api/faqs/8/changes', changes),
    http.delete('/api/faqs/8/changes', changes),
    http.post('/api/faqs/8/publish', step),
    http.get('/api/faqs/8/schedule', () => HttpResponse.json({ pending: [], last_failed: null })),
  );
  return { writes: () => requests.filter((r) => r.method !== 'GET'), reads: () => requests.map((r) => r.search) };
}

async function openInFrench() {
  renderApp('/faqs/edit/8');
  await screen.findByDisplayValue('Fees');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
}

describe('publishing in another language', () => {
  it("keeps a published record's French text waiting with 'Save as draft', beside 'Save Français'", async () => {
    signInAs();
    serveLocales();
    const faq = serveFaqInFrench(null);
    await openInFrench();
    await user.clear(await screen.findByDisplayValue('Frais'));
    await user.type(field('Question (Title)'), 'Frais de dossier');
    expect(screen.getByRole('button', { name: 'Save Français' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    // French text only: shared fields wait in the default language's changes
    expect(faq.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/faqs/8/changes',
        search: '?locale=fr',
        ifMatch: null,
        json: { title: 'Frais de dossier' },
      },
    ]);
  });

  it("edits the French waiting changes, and the banner's 'Publish' and 'Discard changes' are French's", async () => {
    signInAs();
    serveLocales();
    const faq = serveFaqInFrench({
      id: 8,
      title: 'Frais attendus',
      description: '<p>None.</p>',
      locale: 'fr',
      fallback_fields: ['description'],
    });
    await openInFrench();
    // the form edits the waiting French text; the English text it falls back to is not taken for French
    expect(await screen.findByDisplayValue('Frais attendus')).toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'Publishing' });
    expect(
      await within(banner).findByText(
        'This record has unpublished changes: the website shows the published version until they are published.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Français' })).toBeNull();

    await user.type(field('Question (Title)'), ' encore');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(faq.writes().at(-1)).toEqual({
      method: 'PUT',
      path: '/api/faqs/8/changes',
      search: '?locale=fr',
      ifMatch: '"c8.fr-1"',
      json: { title: 'Frais attendus encore' },
    });

    await user.click(
      within(await screen.findByRole('region', { name: 'Publishing' })).getByRole('button', { name: 'Publish' }),
    );
    await expectToast('Published');
    expect(faq.writes().at(-1)).toMatchObject({ method: 'POST', path: '/api/faqs/8/publish', search: '?locale=fr' });

    const again = await screen.findByRole('region', { name: 'Publishing' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await expectToast('Changes discarded');
    expect(faq.writes().at(-1)).toMatchObject({ method: 'DELETE', path: '/api/faqs/8/changes', search: '?locale=fr' });
  });
});
