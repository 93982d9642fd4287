import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { english, french, serveLocales } from '@/testing/locales';

const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };
const current = { fr: { missing: [], outdated: [] } };

/** The row of the record titled `title`, in the List view. */
const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;

describe("the default language's list tells of another language's waiting changes", () => {
  it("badges 'FR unpublished changes' on a record whose French changes wait, beside its Edit button", async () => {
    signInAs();
    serveLocales([english, { ...french, public: false }]);
    const records: SectionRecord[] = [
      {
        id: 1,
        title: 'French waiting',
        description: '<p>Yes.</p>',
        ...live,
        translations: current,
        waiting_locales: ['fr'],
      },
      {
        id: 2,
        title: 'Nothing waiting',
        description: '<p>No.</p>',
        ...live,
        translations: current,
        waiting_locales: [],
      },
    ];
    server.use(http.get('/api/heroes', () => HttpResponse.json(records)));
    renderApp('/heroes');
    const badge = await screen.findByText('FR unpublished changes');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    // a language not yet on the website still has its waiting changes named
    expect(within(rowOf('French waiting')).getByText('FR unpublished changes')).toBe(badge);
    expect(within(rowOf('Nothing waiting')).queryByText(/unpublished changes$/)).toBeNull();
    // and the English text itself has nothing waiting
    expect(within(screen.getByRole('table')).queryByText('Unpublished changes')).toBeNull();
    // the Status column comes just before Actions
    expect(screen.getAllByRole('columnheader').map((head) => head.textContent)).toEqual([
      'Title',
      'Description Snippet',
      'Status',
      'Actions',
    ]);
  });
});
