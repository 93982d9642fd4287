import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TrashEntry } from '@bursary/shared';
import { formatDate } from '@/lib/format-date';
import { server } from '@/testing/server';
import { renderApp, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { MOBILE_QUERY, installMatchMedia } from '@/testing/match-media';
import { TRASH_PAGE_SIZE } from './trash-api';

const user = userEvent.setup({ delay: null });

const faq: TrashEntry = {
  section: 'faqs',
  record_id: 4,
  title: 'How do I apply?',
  username: 'ada',
  deleted_at: '2026-11-12T14:05:00.000Z',
  revision_id: 31,
};
const story: TrashEntry = {
  section: 'success-stories',
  record_id: 9,
  title: '',
  username: 'ben',
  deleted_at: '2026-11-10T09:00:00.000Z',
  revision_id: 27,
};

interface Read {
  limit: string | null;
  offset: string | null;
  auth: string | null;
}

/** Serves the trash from `entries` (restores take theirs out), `total` in X-Total-Count. */
function serveTrash(entries: TrashEntry[], total = entries.length) {
  const reads: Read[] = [];
  const restores: string[] = [];
  let left = [...entries];
  server.use(
    http.get('/api/trash', ({ request }) => {
      const url = new URL(request.url);
      reads.push({
        limit: url.searchParams.get('limit'),
        offset: url.searchParams.get('offset'),
        auth: request.headers.get('Authorization'),
      });
      return HttpResponse.json(left, { headers: { 'X-Total-Count': String(total - (entries.length - left.length)) } });
    }),
    http.post('/api/revisions/:id/restore', ({ params }) => {
      restores.push(String(params.id));
      left = left.filter((entry) => entry.revision_id !== Number(params.id));
      return HttpResponse.json({ id: 4 });
    }),
  );
  return { reads, restores };
}

describe('the Trash page', () => {
  let media: ReturnType<typeof installMatchMedia> | undefined;
  afterEach(() => media?.restore());

  it('lists each deleted record with its section, title, who and when, newest first as the server sends them', async () => {
    signInWithRole('editor');
    const { reads } = serveTrash([faq, story]);
    renderApp('/trash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['FAQs', 'How do I apply?', 'ada', formatDate(faq.deleted_at)],
      ['Success Stories', 'Untitled', 'ben', formatDate(story.deleted_at)],
    ]);
    expect(reads[0]).toEqual({ limit: String(TRASH_PAGE_SIZE), offset: '0', auth: 'Bearer token-123' });
  });

  it('restores a record, says so, and the list no longer shows it', async () => {
    signInWithRole('editor');
    const { restores } = serveTrash([faq, story]);
    renderApp('/trash');
    await user.click(await screen.findByRole('button', { name: 'Restore FAQ "How do I apply?"' }));
    await expectToast('FAQ "How do I apply?" restored.');
    expect(restores).toEqual(['31']);
    await waitFor(() => expect(screen.queryByText('How do I apply?')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Restore Success story' })).toBeInTheDocument();
  });

  it("tells a failed restore in the server's words", async () => {
    signInWithRole('editor');
    serveTrash([faq]);
    server.use(
      http.post('/api/revisions/:id/restore', () =>
        HttpResponse.json({ message: 'FAQs already has its record.', error: 'Conflict' }, { status: 409 }),
      ),
    );
    renderApp('/trash');
    await user.click(await screen.findByRole('button', { name: 'Restore FAQ "How do I apply?"' }));
    await expectToast('Restore Failed', { description: 'FAQs already has its record.', destructive: true });
    expect(screen.getByText('How do I apply?')).toBeInTheDocument();
  });

  it('shows a viewer the list without Restore', async () => {
    signInWithRole('viewer');
    serveTrash([faq]);
    renderApp('/trash');
    expect(await screen.findByText('How do I apply?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });

  it("reads 'Trash is empty' when nothing was deleted", async () => {
    signInWithRole('editor');
    serveTrash([]);
    renderApp('/trash');
    expect(await screen.findByRole('heading', { name: 'Trash is empty' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through a long trash', async () => {
    signInWithRole('editor');
    const { reads } = serveTrash([faq], TRASH_PAGE_SIZE + 5);
    renderApp('/trash');
    const pages = await screen.findByRole('navigation', { name: 'Trash pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(reads.at(-1)?.offset).toBe(String(TRASH_PAGE_SIZE)));
  });

  it('offers a viewer whose later page was emptied by others the way back to the first page', async () => {
    signInWithRole('viewer');
    const offsets: (string | null)[] = [];
    server.use(
      http.get('/api/trash', ({ request }) => {
        const offset = new URL(request.url).searchParams.get('offset');
        offsets.push(offset);
        // the first read sees a second page; by the time it is asked for, others have restored it
        return HttpResponse.json(offset === '0' ? [faq] : [], {
          headers: { 'X-Total-Count': String(offset === '0' ? TRASH_PAGE_SIZE + 1 : 1) },
        });
      }),
    );
    renderApp('/trash');
    const pages = await screen.findByRole('navigation', { name: 'Trash pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Nothing left on this page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('How do I apply?')).toBeInTheDocument();
    expect(offsets.at(-1)).toBe('0');
  });

  it('shows one card per record at 375 px', async () => {
    media = installMatchMedia({ [MOBILE_QUERY]: true });
    signInWithRole('editor');
    serveTrash([faq, story]);
    renderApp('/trash');
    const card = (await screen.findByRole('heading', { level: 2, name: 'How do I apply?' })).closest(
      'li',
    ) as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('FAQs')).toBeInTheDocument();
    expect(within(card).getByText('ada')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Restore FAQ "How do I apply?"' })).toBeInTheDocument();
  });
});
