import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs, signInWithRole } from '@/testing/render';

const user = userEvent.setup({ delay: null });

const live = { status: 'published', has_changes: false, publish_at: null, unpublish_at: null };
const faqs: SectionRecord[] = [
  { id: 1, title: 'Live question', description: 'Yes.', ...live },
  { id: 2, title: 'Draft question', description: 'Maybe.', ...live, status: 'draft' },
  { id: 3, title: 'Changed question', description: 'Soon.', ...live, has_changes: true },
  {
    id: 4,
    title: 'Timed question',
    description: 'Later.',
    ...live,
    status: 'draft',
    publish_at: '2030-01-05T09:00:00Z',
  },
];

function serveFaqs() {
  const asked: string[] = [];
  server.use(
    http.get('/api/faqs', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(faqs);
    }),
  );
  return asked;
}

/** The badges shown with the record titled `title`, in the Grid view. */
const badgesOf = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
  return ['Draft', 'Unpublished changes', 'Scheduled'].filter((badge) => within(item).queryByText(badge));
};

describe('publishing badges and the status filter on a list', () => {
  it('reads drafts too and badges each record', async () => {
    signInAs();
    const asked = serveFaqs();
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'Draft question' });
    expect(asked[0]).toBe('?status=all');
    expect(badgesOf('Live question')).toEqual([]);
    expect(badgesOf('Draft question')).toEqual(['Draft']);
    expect(badgesOf('Changed question')).toEqual(['Unpublished changes']);
    expect(badgesOf('Timed question')).toEqual(['Draft', 'Scheduled']);
  });

  it('filters by a badge from the keyboard, and in the List view shows a Status column', async () => {
    signInAs();
    serveFaqs();
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'Draft question' });
    const filter = screen.getByRole('combobox', { name: 'Status' });
    filter.focus();
    await user.selectOptions(filter, 'Draft');
    expect(screen.queryByRole('heading', { name: 'Live question' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Draft question' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Timed question' })).toBeInTheDocument();

    await user.selectOptions(filter, 'Unpublished changes');
    await user.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'List' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'Unpublished changes' })).toBeInTheDocument();
  });

  it('says when no record has the badge, and Clear Search shows them all', async () => {
    signInAs();
    server.use(http.get('/api/faqs', () => HttpResponse.json([faqs[0]])));
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'Live question' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled');
    expect(screen.getByText(/^No .* found with the status "Scheduled"$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByRole('heading', { name: 'Live question' })).toBeInTheDocument();
  });

  it('shows a viewer the badges', async () => {
    signInWithRole('viewer');
    serveFaqs();
    renderApp('/faqs');
    await screen.findByRole('heading', { name: 'Draft question' });
    expect(badgesOf('Changed question')).toEqual(['Unpublished changes']);
  });
});
