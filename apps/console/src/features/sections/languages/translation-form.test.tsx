import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { field } from '@/testing/form-fields';
import { english, seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });
const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };

/**
 * Serves one record: read plainly in the default language, read with `?locale=*` in every language; and records every
 * request to it.
 */
function serveRecordInLanguages(path: string, inDefault: SectionRecord, inEvery: SectionRecord) {
  const requests: SeenRequest[] = [];
  const answer = async ({ request }: { request: Request }) => {
    const got = await seen(request);
    requests.push(got);
    if (request.method !== 'GET') return HttpResponse.json(inDefault);
    const every = new URL(request.url).searchParams.get('locale') === '*';
    return HttpResponse.json(every ? inEvery : inDefault, { headers: { ETag: '"r1"' } });
  };
  server.use(http.get(path, answer), http.put(path, answer));
  return {
    writes: () => requests.filter((r) => r.method !== 'GET'),
    reads: () => requests.filter((r) => r.method === 'GET'),
  };
}

const languageSwitcher = () => screen.getByRole('combobox', { name: 'Language' });

describe('the edit screen in another language', () => {
  it("lists 'English (default)' and 'Français', edits the French text beside the English one and saves it in French", async () => {
    signInAs();
    serveLocales();
    const milestone = serveRecordInLanguages(
      '/api/milestones/5',
      { id: 5, title: 'Fund opened', date: '2020-01-15', description: 'The first loans.', ...live },
      {
        id: 5,
        title: { en: 'Fund opened', fr: 'Ouverture du fonds' },
        date: '2020-01-15',
        description: { en: 'The first loans.' },
        ...live,
      },
    );
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    const options = within(await screen.findByRole('combobox', { name: 'Language' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English (default)', 'Français']);

    await user.selectOptions(languageSwitcher(), 'Français');
    expect(await screen.findByDisplayValue('Ouverture du fonds')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Title in English (default)' })).toHaveTextContent('Fund opened');
    expect(screen.getByRole('note', { name: 'Description in English (default)' })).toHaveTextContent(
      'The first loans.',
    );
    // the date is one value for every language: read here, changed in English
    const date = screen.getByRole('group', { name: 'Date' });
    expect(date).toHaveTextContent('Shared by all languages');
    expect(screen.queryByRole('textbox', { name: 'Date' })).toBeNull();
    expect(milestone.reads().map((r) => r.search)).toContain('?locale=*&status=all');

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Ouverture');
    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    // the description, which has no French text and was left blank, is not sent: the website keeps the English one
    expect(milestone.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/milestones/5',
        search: '?locale=fr',
        ifMatch: '"r1"',
        json: { title: 'Ouverture', date: '2020-01-15' },
      },
    ]);
  });

  it("shows shared fields read only with 'Shared by all languages' and sends them unchanged", async () => {
    signInAs();
    serveLocales();
    const story = serveRecordInLanguages(
      '/api/success-stories/7',
      { id: 7, student_name: 'Amina K.', date: '2024-03-01', story: '<p>I graduated.</p>', ...live },
      {
        id: 7,
        student_name: 'Amina K.',
        student_school: null,
        source: null,
        date: '2024-03-01',
        story: { en: '<p>I graduated.</p>', fr: '<p>Diplômée.</p>' },
        ...live,
      },
    );
    renderApp('/success-stories/edit/7');
    await screen.findByDisplayValue('Amina K.');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
    const name = await screen.findByRole('group', { name: 'Student Name' });
    expect(name).toHaveTextContent('Amina K.');
    expect(name).toHaveTextContent('Shared by all languages');
    expect(screen.queryByRole('textbox', { name: 'Student Name' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Date' })).toHaveTextContent('Shared by all languages');

    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    expect(story.writes()[0]).toMatchObject({
      search: '?locale=fr',
      json: {
        story: '<p>Diplômée.</p>',
        student_name: 'Amina K.',
        student_school: '',
        date: '2024-03-01',
        source: '',
      },
    });
  });

  it('saves a draft’s French without its status, which is the record’s in every language', async () => {
    signInAs();
    serveLocales();
    const draft = { ...live, status: 'draft' };
    const faq = serveRecordInLanguages(
      '/api/faqs/6',
      { id: 6, title: 'Fees', description: '', ...draft },
      { id: 6, title: { en: 'Fees' }, description: {}, ...draft },
    );
    renderApp('/faqs/edit/6');
    await screen.findByDisplayValue('Fees');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');
    await user.type(await screen.findByRole('textbox', { name: 'Question (Title)' }), 'Frais');
    await user.click(screen.getByRole('button', { name: 'Save Français' }));
    await expectToast('Français saved');
    expect(faq.writes()).toEqual([
      { method: 'PUT', path: '/api/faqs/6', search: '?locale=fr', ifMatch: '"r1"', json: { title: 'Frais' } },
    ]);
  });

  it('with one language, reads the languages and shows the form as it always was', async () => {
    signInAs();
    const asked: string[] = [];
    server.use(
      http.get('/api/locales', () => {
        asked.push('locales');
        return HttpResponse.json([english]);
      }),
    );
    const faq = serveRecordInLanguages('/api/faqs/5', { id: 5, title: 'How do I apply?', ...live }, { id: 5 });
    renderApp('/faqs/edit/5');
    await screen.findByDisplayValue('How do I apply?');
    await expect.poll(() => asked).toEqual(['locales']);
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
    expect(faq.reads().map((r) => r.search)).toEqual(['?status=all']);
  });
});
