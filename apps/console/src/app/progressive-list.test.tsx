import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { faqs, type SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { FakeIntersectionObserver, scrollToEnd, withFakeIntersectionObserver } from '@/testing/intersection-observer';
import { renderWithProviders, signInAs } from '@/testing/render';
import { consoleSectionOf } from '@/app/console-sections';
import { MessagesPage } from '@/features/messages/messages-page';
import { SectionListPage } from '@/features/sections/list/list-page';
import { LIST_BATCH_SIZE } from '@/features/sections/list/progressive-list';
import { GridItem, ItemGrid } from '@/features/sections/list/staggered-grid';

/** Newest first, as the API answers: 'Sender 499' down to 'Sender 0'. */
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

function serveMessages(count: number) {
  server.use(http.get('/api/messages', () => HttpResponse.json(messageRecords(count))));
}

/** The table's body rows (the header row left out). */
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

withFakeIntersectionObserver();
beforeEach(() => {
  signInAs();
});

// hundreds of table rows in jsdom take seconds on a busy machine
describe('a long section list renders a batch at a time (issue 7 point 5)', { timeout: 30_000 }, () => {
  it('shows the first batch of 500 messages, then the next when the reader nears the end', async () => {
    serveMessages(500);
    renderWithProviders(<MessagesPage resolved={consoleSectionOf('messages')} />);
    expect(await screen.findByText('Sender 499')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(LIST_BATCH_SIZE);
    expect(screen.queryByText(`Sender ${499 - LIST_BATCH_SIZE}`)).not.toBeInTheDocument();

    scrollToEnd();
    expect(bodyRows()).toHaveLength(2 * LIST_BATCH_SIZE);
    expect(screen.getByText(`Sender ${499 - LIST_BATCH_SIZE}`)).toBeInTheDocument();
  });

  it('reaches the last record by scrolling, and then stops watching', async () => {
    const count = 2 * LIST_BATCH_SIZE + 5;
    serveMessages(count);
    renderWithProviders(<MessagesPage resolved={consoleSectionOf('messages')} />);
    await screen.findByText(`Sender ${count - 1}`);
    scrollToEnd();
    expect(screen.queryByText('Sender 0')).not.toBeInTheDocument();
    scrollToEnd();
    expect(bodyRows()).toHaveLength(count);
    expect(screen.getByText('Sender 0')).toBeInTheDocument();
    expect(FakeIntersectionObserver.live.size).toBe(0);
  });

  it('searches every record, beyond the first batch, and starts the matches from their first batch', async () => {
    serveMessages(500);
    renderWithProviders(<MessagesPage resolved={consoleSectionOf('messages')} />);
    await screen.findByText('Sender 499');
    scrollToEnd();
    scrollToEnd();
    expect(bodyRows()).toHaveLength(3 * LIST_BATCH_SIZE);

    const search = screen.getByRole('searchbox', { name: 'Search' });
    // pasted, not typed: each keystroke would render the list again, which jsdom does slowly
    await userEvent.click(search);
    await userEvent.paste('Sender 0');
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0] as HTMLElement).getByText('Sender 0')).toBeInTheDocument();
    expect(within(bodyRows()[0] as HTMLElement).getByText('Message 0')).toBeInTheDocument();

    // 'Office 3' matches 71 of the 500: the first batch of them, the rest on scrolling
    await userEvent.clear(search);
    await userEvent.paste('Office 3');
    expect(bodyRows()).toHaveLength(LIST_BATCH_SIZE);
    scrollToEnd();
    expect(bodyRows()).toHaveLength(71);
    expect(screen.getByText('Sender 3')).toBeInTheDocument();
  });

  it('renders a list of one batch or fewer whole, with nothing watching its end', async () => {
    serveMessages(LIST_BATCH_SIZE);
    renderWithProviders(<MessagesPage resolved={consoleSectionOf('messages')} />);
    await screen.findByText(`Sender ${LIST_BATCH_SIZE - 1}`);
    expect(bodyRows()).toHaveLength(LIST_BATCH_SIZE);
    expect(screen.getByText('Sender 0')).toBeInTheDocument();
    expect(FakeIntersectionObserver.live.size).toBe(0);
  });

  it("restarts the grid's 50 ms stagger with each batch, the first batch's items as before", async () => {
    const records = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, title: `Question ${i}`, description: '' }));
    server.use(http.get('/api/faqs', () => HttpResponse.json(records)));
    renderWithProviders(
      <SectionListPage section={faqs} empty={{ title: 'No FAQs' }}>
        {(shown) => (
          <ItemGrid>
            {shown.map((record, index) => (
              <GridItem key={record.id} index={index}>
                {String(record.title)}
              </GridItem>
            ))}
          </ItemGrid>
        )}
      </SectionListPage>,
    );
    await screen.findByText('Question 0');
    scrollToEnd();
    const stagger = (title: string) => screen.getByText(title).closest('li')?.style.getPropertyValue('--stagger-index');
    expect(stagger('Question 1')).toBe('1');
    expect(stagger(`Question ${LIST_BATCH_SIZE - 1}`)).toBe(String(LIST_BATCH_SIZE - 1));
    expect(stagger(`Question ${LIST_BATCH_SIZE}`)).toBe('0');
    expect(stagger(`Question ${LIST_BATCH_SIZE + 5}`)).toBe('5');
  });
});
