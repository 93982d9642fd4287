import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { seen, type SeenRequest, serveLocales } from '@/testing/locales';

const user = userEvent.setup({ delay: null });
const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };

const faqs: SectionRecord[] = [
  { id: 1, title: 'Untranslated', description: '<p>Yes.</p>', ...live },
  { id: 2, title: 'Translated', description: '<p>No.</p>', ...live },
];

/** The language badges shown with the record titled `title`, in the Grid view. */
const languageBadgesOf = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
  return within(item)
    .queryAllByText(/ (missing|outdated)$/)
    .map((badge) => badge.textContent);
};

describe("a list's language badges", () => {
  it('takes what the records tell of their translations when the server sends it', async () => {
    signInAs();
    serveLocales();
    const asked: string[] = [];
    server.use(
      http.get('/api/faqs', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([
          { ...faqs[0], translations: { fr: { missing: ['title'], outdated: [] } } },
          { ...faqs[1], translations: { fr: { missing: [], outdated: ['description'] } } },
        ]);
      }),
    );
    renderApp('/faqs');
    await screen.findByText('FR missing');
    expect(languageBadgesOf('Untranslated')).toEqual(['FR missing']);
    expect(languageBadgesOf('Translated')).toEqual(['FR outdated']);
    expect(asked).toEqual(['?status=all']);
  });
});

describe('sub-items in another language', () => {
  it('edits each step’s French text beside the English one, and saves the same items in French, some left blank', async () => {
    signInAs();
    serveLocales();
    const steps = { id: 1, title: 'How to apply', ...live };
    const writes: SeenRequest[] = [];
    server.use(
      http.get('/api/steps', ({ request }) =>
        new URL(request.url).searchParams.get('locale') === '*'
          ? HttpResponse.json(
              [
                {
                  ...steps,
                  title: { en: 'How to apply', fr: 'Comment postuler' },
                  steps: [
                    { id: 3, step: { en: 'Register', fr: 'Inscrivez-vous' } },
                    { id: 4, step: { en: 'Sign the form' } },
                  ],
                },
              ],
              { headers: { ETag: '"v1"' } },
            )
          : HttpResponse.json(
              [
                {
                  ...steps,
                  steps: [
                    { id: 3, step: 'Register' },
                    { id: 4, step: 'Sign the form' },
                  ],
                },
              ],
              { headers: { ETag: '"v1"' } },
            ),
      ),
      http.put('/api/steps/sub-edit/', async ({ request }) => {
        writes.push(await seen(request));
        return HttpResponse.json({}, { headers: { ETag: '"v2"' } });
      }),
    );
    renderApp('/steps');
    await screen.findByRole('heading', { name: 'How to apply' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('textbox', { name: 'Step 1' })).toHaveValue('Inscrivez-vous');
    expect(screen.getByRole('textbox', { name: 'Step 2' })).toHaveValue('');
    expect(screen.getByRole('note', { name: 'Step 2 in English (default)' })).toHaveTextContent('Sign the form');
    // the list itself is changed in the default language only
    expect(screen.queryByRole('button', { name: 'Add Step' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Steps' })).toBeNull();

    // a translation may be partial: the step left blank is sent empty, and the website shows its English text
    await user.click(screen.getByRole('button', { name: 'Save Steps' }));
    await expectToast('Steps updated successfully.');
    expect(screen.queryByText('Please enter a step.')).toBeNull();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/steps/sub-edit/',
        search: '?locale=fr',
        ifMatch: '"v1"',
        json: {
          steps: [
            { id: 3, step: 'Inscrivez-vous' },
            { id: 4, step: '' },
          ],
        },
      },
    ]);
  });
});
