import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { faqs, type SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { scrollWindowTo } from '@/testing/window-scroll';
import { renderWithProviders, signInAs } from '@/testing/render';
import { consoleSectionOf } from '@/app/console-sections';
import type * as recordText from '@/lib/record-text';
import { snippet } from '@/lib/record-text';
import { MessagesPage } from '@/features/messages/messages-page';
import { resolveSection } from '@/features/sections/descriptor/console-section';
import { SectionListPage } from '@/features/sections/list/list-page';
import { CARD_LINE_ESTIMATE, RecordGrid } from '@/features/sections/list/record-views';
import { ROW_ESTIMATE } from '@/features/sections/list/window/windowed-table';

// counts the messages' cells built: each parses its message's HTML into a snippet
vi.mock('@/lib/record-text', async (importOriginal) => {
  const actual = await importOriginal<typeof recordText>();
  return { ...actual, snippet: vi.fn(actual.snippet) };
});

const COUNT = 2_000;

/** Newest first, as the API answers: 'Sender 1999' down to 'Sender 0'. */
const messageRecords = (count: number): SectionRecord[] =>
  Array.from({ length: count }, (_, i) => {
    const n = count - 1 - i;
    return {
      id: n + 1,
      sender: `Sender ${n}`,
      recipient: `Office ${n % 7}`,
      message: `<p>Message <b>${n}</b></p>`,
      updated_at: '2024-03-09T10:00:00.000Z',
    };
  });

async function openMessages(count = COUNT) {
  server.use(http.get('/api/messages', () => HttpResponse.json(messageRecords(count))));
  renderWithProviders(<MessagesPage resolved={consoleSectionOf('messages')} />);
  await screen.findByText(`Sender ${count - 1}`);
}

const table = () => screen.getByRole('table');
/** The table's body rows built (the header row and the spacers left out). */
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (sender: string) => screen.getByText(sender).closest('tr') as HTMLElement;
/** The heights of the spacer rows standing for the rows not built, top to bottom. */
const spacers = () =>
  [...table().querySelectorAll('tbody > tr[aria-hidden="true"] > td')].map(
    (cell) => (cell as HTMLElement).style.height,
  );
const search = () => screen.getByRole('searchbox', { name: 'Search' });

/** The place (aria-rowindex) of the row holding the focus; -1 when the focus is not in a row. */
const focusedRow = () => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') ?? -1);

/**
 * Presses Tab (or Shift+Tab) `presses` times: each time the focus goes to the same row's other button or to the next
 * row (the one before). Answers the row reached.
 */
async function tabThroughRows(key: 'Tab' | 'Shift+Tab', presses: number): Promise<number> {
  const step = key === 'Tab' ? 1 : -1;
  let previous = focusedRow();
  for (let n = 0; n < presses; n++) {
    await userEvent.tab({ shift: key === 'Shift+Tab' });
    const index = focusedRow();
    expect([previous, previous + step]).toContain(index);
    previous = index;
  }
  return previous;
}

beforeEach(() => {
  signInAs();
  vi.mocked(snippet).mockClear();
});

// jsdom lays nothing out: every row keeps its estimated height, and the screen is jsdom's 768 pixels
describe('a long list builds only the rows on and near the screen', { timeout: 30_000 }, () => {
  it('builds a screenful of 2,000 messages and a little more, and tells screen readers the whole size', async () => {
    await openMessages();
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(768 / ROW_ESTIMATE);
    expect(rows.length).toBeLessThan(40);
    expect(screen.queryByText('Sender 0')).not.toBeInTheDocument();

    expect(table()).toHaveAttribute('aria-rowcount', String(COUNT + 1));
    expect(within(table()).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(rows.at(-1)).toHaveAttribute('aria-rowindex', String(rows.length + 1));
    // the page is as tall as all 2,000 rows
    expect(spacers()).toEqual([`${(COUNT - rows.length) * ROW_ESTIMATE}px`]);
  });

  it('builds the rows the reader scrolls to, down to the last message', async () => {
    await openMessages();
    await scrollWindowTo(1_000 * ROW_ESTIMATE);
    expect(rowOf('Sender 999')).toHaveAttribute('aria-rowindex', '1002');
    expect(screen.queryByText('Sender 1999')).not.toBeInTheDocument();
    expect(spacers()).toHaveLength(2);

    await scrollWindowTo(COUNT * ROW_ESTIMATE);
    expect(rowOf('Sender 0')).toHaveAttribute('aria-rowindex', String(COUNT + 1));
    expect(bodyRows().length).toBeLessThan(40);
    expect(spacers()).toHaveLength(1);
  });

  it('starts a new search from its first match, at the top of the page', async () => {
    await openMessages();
    await scrollWindowTo(1_500 * ROW_ESTIMATE);
    expect(screen.queryByText('Sender 1998')).not.toBeInTheDocument();

    // pasted, not typed: the search is what this test is about
    await userEvent.click(search());
    await userEvent.paste('Office 3');
    // 'Office 3' is the recipient of every seventh message, 286 in all, the newest being 1998
    expect(window.scrollY).toBe(0);
    expect(table()).toHaveAttribute('aria-rowcount', '287');
    expect(rowOf('Sender 1998')).toHaveAttribute('aria-rowindex', '2');
    expect(screen.queryByText('Sender 3')).not.toBeInTheDocument();
  });

  it('builds no row again on a keystroke that keeps the rows, and only the rows shown on one that narrows them', async () => {
    await openMessages();
    vi.mocked(snippet).mockClear();
    // every sender has an 's'
    await userEvent.type(search(), 's');
    expect(bodyRows()[0]).toHaveTextContent('Sender 1999');
    expect(snippet).not.toHaveBeenCalled();

    await userEvent.type(search(), 'ender 5');
    expect(bodyRows()[0]).toHaveTextContent('Sender 599');
    expect(snippet).toHaveBeenCalled();
    expect(vi.mocked(snippet).mock.calls.length).toBeLessThanOrEqual(bodyRows().length);
  });

  it('keeps the row holding the focus built while the reader scrolls away, and lets it go with the focus', async () => {
    await openMessages();
    const edit = within(rowOf('Sender 1999')).getByRole('link', { name: /^Edit/ });
    act(() => edit.focus());
    await scrollWindowTo(COUNT * ROW_ESTIMATE);
    expect(screen.getByText('Sender 0')).toBeInTheDocument();
    expect(rowOf('Sender 1999')).toHaveAttribute('aria-rowindex', '2');
    expect(edit).toHaveFocus();
    // the far rows are left out between the focused row and those on screen
    expect(spacers()).toHaveLength(1);

    act(() => edit.blur());
    expect(screen.queryByText('Sender 1999')).not.toBeInTheDocument();
  });

  // jsdom scrolls nothing as the focus moves: the page never reports a scroll, as when the keys come faster than the
  // browser's frames on a busy phone, and only the focus can build the rows it goes to
  it('takes Tab from row to row well past the rows built, before the page reports a scroll, and Shift+Tab back', async () => {
    await openMessages();
    const builtAtFirst = bodyRows().length;
    act(() =>
      within(bodyRows()[0] as HTMLElement)
        .getByRole('link', { name: /^Edit/ })
        .focus(),
    );
    const reached = await tabThroughRows('Tab', 4 * builtAtFirst);
    expect(reached).toBeGreaterThan(builtAtFirst * 2);
    expect(await tabThroughRows('Shift+Tab', 2 * builtAtFirst)).toBeLessThan(reached - builtAtFirst / 2);
    expect(bodyRows().length).toBeLessThan(40);
  });

  it('takes Shift+Tab up past the first row built, in the middle of the list', async () => {
    await openMessages();
    await scrollWindowTo(1_000 * ROW_ESTIMATE);
    const top = bodyRows()[0] as HTMLElement;
    const from = Number(top.getAttribute('aria-rowindex'));
    act(() =>
      within(top)
        .getByRole('button', { name: /^Delete/ })
        .focus(),
    );
    expect(await tabThroughRows('Shift+Tab', 40)).toBeLessThan(from - 15);
  });

  it('builds a short list whole', async () => {
    await openMessages(40);
    expect(bodyRows()).toHaveLength(40);
    expect(spacers()).toEqual([]);
  });
});

describe('a long grid builds only the cards on and near the screen', { timeout: 30_000 }, () => {
  const CARDS = 150;

  /** The FAQs as cards, each a heading and, `withButtons`, a button. */
  async function openGrid(withButtons = false) {
    const records = Array.from({ length: CARDS }, (_, i) => ({ id: i + 1, title: `Question ${i}`, description: '' }));
    server.use(http.get('/api/faqs', () => HttpResponse.json(records)));
    const card = (record: SectionRecord) => (
      <>
        <h2>{String(record.title)}</h2>
        {withButtons && <button type="button">Open {String(record.title)}</button>}
      </>
    );
    renderWithProviders(
      <SectionListPage resolved={resolveSection(faqs, { slug: 'faqs', empty: { title: 'No FAQs' } })}>
        {(shown) => <RecordGrid records={shown} card={card} />}
      </SectionListPage>,
    );
    await screen.findByText('Question 0');
  }
  const cards = () =>
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.closest('li') as HTMLElement);

  it('takes Tab from card to card well past the lines built, before the page reports a scroll, and Shift+Tab back', async () => {
    const withButtons = true;
    await openGrid(withButtons);
    const builtAtFirst = cards().length;
    const place = () => Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? -1);
    act(() => screen.getByRole('button', { name: 'Open Question 0' }).focus());
    for (let n = 1; n <= 3 * builtAtFirst; n++) {
      await userEvent.tab();
      expect(place()).toBe(n + 1);
    }
    for (let n = 3 * builtAtFirst; n > builtAtFirst; n--) {
      await userEvent.tab({ shift: true });
      expect(place()).toBe(n);
    }
    expect(cards().length).toBeLessThan(10);
  });

  it('tells each card its place in the whole list, and fades in only the first screen', async () => {
    await openGrid();
    // jsdom lays out one column: a card per line
    expect(cards().length).toBeGreaterThan(768 / CARD_LINE_ESTIMATE);
    expect(cards().length).toBeLessThan(10);
    expect(cards()[0]).toHaveAttribute('aria-posinset', '1');
    expect(cards()[0]).toHaveAttribute('aria-setsize', String(CARDS));
    expect(cards()[1]).toHaveClass('animate-item-in');
    expect(cards()[1]?.style.getPropertyValue('--stagger-index')).toBe('1');

    await scrollWindowTo(CARDS * CARD_LINE_ESTIMATE);
    const last = screen.getByText(`Question ${CARDS - 1}`).closest('li');
    expect(last).toHaveAttribute('aria-posinset', String(CARDS));
    expect(last).not.toHaveClass('animate-item-in');
    expect(screen.queryByText('Question 0')).not.toBeInTheDocument();
    expect(cards().length).toBeLessThan(10);
  });
});
