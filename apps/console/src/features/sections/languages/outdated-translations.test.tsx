import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import type { SiteHealthProblem, SiteHealthReport } from '@bursary/shared/site-health';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { english, french, seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });
const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };

/** A milestone whose French title was written before its English one changed. */
const milestone = { id: 5, date: '2020-01-15', ...live };
const inEvery = (outdated: string[]): SectionRecord => ({
  ...milestone,
  title: { en: 'Fund opened', fr: 'Ouverture du fonds' },
  description: { en: 'The first loans.', fr: 'Les premiers prêts.' },
  translations: { fr: { missing: [], outdated } },
});

function serveMilestone() {
  const writes: SeenRequest[] = [];
  let outdated = ['title'];
  server.use(
    http.get('/api/milestones/5', ({ request }) =>
      new URL(request.url).searchParams.get('locale') === '*'
        ? HttpResponse.json(inEvery(outdated), { headers: { ETag: '"r1"' } })
        : HttpResponse.json(
            { ...milestone, title: 'Fund opened', description: 'The first loans.' },
            { headers: { ETag: '"r1"' } },
          ),
    ),
    http.post('/api/milestones/5/translations/fr/current', async ({ request }) => {
      writes.push(await seen(request));
      outdated = [];
      return HttpResponse.json({ ...milestone, title: 'Fund opened' }, { headers: { ETag: '"r2"' } });
    }),
  );
  return writes;
}

describe('outdated translations on the edit screen', () => {
  it("badges an outdated field 'Needs update', and 'Mark as up to date' marks it with the record's ETag", async () => {
    signInAs();
    serveLocales();
    const writes = serveMilestone();
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    // the default language's form has nothing to update
    expect(screen.queryByText('Needs update')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    const title = await screen.findByRole('group', { name: 'Title needs update' });
    expect(within(title).getByText('Needs update')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Description needs update' })).toBeNull();

    await user.click(within(title).getByRole('button', { name: 'Mark as up to date' }));
    await waitFor(() => expect(screen.queryByText('Needs update')).toBeNull());
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/milestones/5/translations/fr/current',
        search: '',
        ifMatch: '"r1"',
        json: { fields: ['title'] },
      },
    ]);
  });

  it('opens in the language a Site health link names', async () => {
    signInAs();
    serveLocales();
    serveMilestone();
    renderApp('/milestones/edit/5?field=title&locale=fr');
    expect(await screen.findByDisplayValue('Ouverture du fonds')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('fr');
    expect(screen.getByRole('group', { name: 'Title needs update' })).toBeInTheDocument();
  });
});

describe('language badges of the paged Content list', () => {
  it('badges each public language missing or outdated on an item, from what the server tells', async () => {
    signInAs();
    serveLocales([english, french, { ...french, code: 'sw', name: 'Kiswahili', public: false }]);
    const item = (id: number, translations: unknown) => ({
      id,
      title: `Item ${id}`,
      excerpt: `Excerpt ${id}`,
      body: '<p>Body</p>',
      updatedAt: '2024-01-05T10:00:00.000Z',
      ...live,
      translations,
    });
    const asked: string[] = [];
    server.use(
      http.get('/api/content', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(
          [
            item(3, { fr: { missing: ['body'], outdated: ['title'] }, sw: { missing: ['title'], outdated: [] } }),
            item(2, { fr: { missing: [], outdated: [] }, sw: { missing: ['title'], outdated: [] } }),
          ],
          { headers: { 'X-Total-Count': '2' } },
        );
      }),
    );
    renderApp('/content');
    const first = (await screen.findByRole('heading', { name: 'Item 3' })).closest('li') as HTMLElement;
    expect(within(first).getByText('FR missing')).toBeInTheDocument();
    expect(within(first).getByText('FR outdated')).toBeInTheDocument();
    // a language not on the website yet is not badged
    expect(within(first).queryByText('SW missing')).toBeNull();
    const second = screen.getByRole('heading', { name: 'Item 2' }).closest('li') as HTMLElement;
    expect(within(second).queryByText(/ (missing|outdated)$/)).toBeNull();
    // the list's own read tells it: no read per language
    expect(asked.every((search) => !search.includes('locale'))).toBe(true);
  });
});

describe('translation problems on the Site health page', () => {
  it('lists missing and outdated translations, each linking to the field in its language', async () => {
    const problem = (check: SiteHealthProblem['check'], field: string): SiteHealthProblem => ({
      check,
      severity: check === 'missing-translation' ? 'warning' : 'notice',
      section: 'faqs',
      id: 4,
      title: 'How do I apply?',
      field,
      locale: 'fr',
      message: `${check} in Français`,
    });
    server.use(
      http.get('/api/site-health', () =>
        HttpResponse.json<SiteHealthReport>({
          checked_at: '2026-11-25T09:00:00.000Z',
          problems: [problem('missing-translation', 'description'), problem('outdated-translation', 'title')],
        }),
      ),
    );
    signInAs();
    serveLocales();
    renderApp('/site-health');
    const missing = await screen.findByRole('region', { name: 'Missing translations (1)' });
    expect(within(missing).getByRole('link', { name: 'How do I apply?' })).toHaveAttribute(
      'href',
      '/faqs/edit/4?field=description&locale=fr',
    );
    const outdated = screen.getByRole('region', { name: 'Outdated translations (1)' });
    expect(within(outdated).getByRole('link', { name: 'How do I apply?' })).toHaveAttribute(
      'href',
      '/faqs/edit/4?field=title&locale=fr',
    );
  });
});
