import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { scrollWindowTo } from '@/testing/window-scroll';
import { SERVER_PAGE_SIZE } from '@/features/sections/list/paged-list';
import { CARD_LINE_ESTIMATE } from '@/features/sections/list/record-views';

const TOTAL = 100_000;
/** Item n of the server's 100,000, newest first: 'Item 99999' down to 'Item 0'. */
const item = (n: number): SectionRecord => ({
  id: n + 1,
  title: `Item ${n}`,
  excerpt: `Excerpt of item ${n}`,
  body: '<p>Body</p>',
  updatedAt: '2024-01-05T10:00:00.000Z',
});

/** The server's paged answer (limit, offset, q on title or excerpt), and every query it was asked. */
function serveContent() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/content', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const limit = Number(params.get('limit') ?? TOTAL);
      const offset = Number(params.get('offset') ?? 0);
      const q = params.get('q');
      const all = q ? [item(4_242)].filter((record) => String(record.title).includes(q)) : null;
      const total = all ? all.length : TOTAL;
      const page = all
        ? all.slice(offset, offset + limit)
        : Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => item(TOTAL - 1 - offset - i));
      return HttpResponse.json(page, { headers: { 'X-Total-Count': String(total) } });
    }),
  );
  return asked;
}

beforeEach(() => {
  signInAs();
});

describe('the content area pages through the server', { timeout: 20_000 }, () => {
  it('reads one page of 100,000 items, and the next when the reader nears the end', async () => {
    const asked = serveContent();
    renderApp('/content');
    expect(await screen.findByText('Item 99999')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Content' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(SERVER_PAGE_SIZE);
    expect(asked.map((p) => p.toString())).toEqual([`limit=${SERVER_PAGE_SIZE}&offset=0&status=all`]);
    const first = screen.getByText('Item 99999').closest('li');
    expect(first).toHaveAttribute('aria-setsize', String(TOTAL));

    // jsdom lays out one column of cards, each line of its estimated height: the end of the first page is on screen
    await scrollWindowTo(SERVER_PAGE_SIZE * CARD_LINE_ESTIMATE - window.innerHeight);
    const next = await screen.findByText(`Item ${TOTAL - 1 - SERVER_PAGE_SIZE}`);
    expect(next.closest('li')).toHaveAttribute('aria-posinset', String(SERVER_PAGE_SIZE + 1));
    expect(asked.map((p) => p.toString())).toEqual([
      `limit=${SERVER_PAGE_SIZE}&offset=0&status=all`,
      `limit=${SERVER_PAGE_SIZE}&offset=${SERVER_PAGE_SIZE}&status=all`,
    ]);
    // only the cards near the screen are built
    expect(screen.queryByText('Item 99999')).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and shows its empty answer as no results', async () => {
    const asked = serveContent();
    renderApp('/content');
    await screen.findByText('Item 99999');
    const search = screen.getByPlaceholderText('Search content...');
    await userEvent.type(search, 'Item 4242');
    expect(await screen.findByText('Item 4242')).toBeInTheDocument();
    expect(screen.queryByText('Item 99999')).not.toBeInTheDocument();
    // the search waits for a pause, not for each key: a busy machine may pause mid-word, so fewer
    // requests than keys, each for a prefix of what was typed, the last for the whole word
    const typed = () => asked.filter((p) => p.has('q')).map((p) => p.get('q') ?? '');
    await waitFor(() => expect(typed().at(-1)).toBe('Item 4242'));
    expect(typed().length).toBeLessThan('Item 4242'.length);
    for (const q of typed()) expect('Item 4242'.startsWith(q)).toBe(true);

    await userEvent.type(search, 'x');
    expect(await screen.findByText('Try adjusting your search query')).toBeInTheDocument();
    expect(screen.getByText('No content found')).toBeInTheDocument();
    expect(search).toBeEnabled();
  });
});
