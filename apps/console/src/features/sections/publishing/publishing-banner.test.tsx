import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { serveRecord } from '@/testing/section-api';

const user = userEvent.setup({ delay: null });

const faq: SectionRecord = {
  id: 3,
  title: 'How do I apply?',
  description: 'Online.',
  status: 'published',
  has_changes: false,
  publish_at: null,
  unpublish_at: null,
};

/** Counts the calls of `method path`, answering each with `answer`. */
function watch(method: 'post' | 'delete', path: string) {
  const calls: string[] = [];
  server.use(
    http[method](path, ({ request }) => {
      calls.push(request.headers.get('Authorization') ?? '');
      return HttpResponse.json({ ...faq, has_changes: false });
    }),
  );
  return calls;
}

async function openFaq(record: SectionRecord, pending?: SectionRecord) {
  serveRecord('/api/faqs/3', record);
  if (pending) serveRecord('/api/faqs/3/changes', pending, '"c1"');
  renderApp('/faqs/edit/3');
  return screen.findByRole('region', { name: 'Publishing' });
}

// a whole edit screen per test: a busy machine needs more than the default five seconds
describe('the publishing banner on an edit screen', { timeout: 15_000 }, () => {
  it("offers a draft 'Publish', 'Preview' and 'Schedule', and no 'Discard changes'", async () => {
    signInAs();
    const banner = await openFaq({ ...faq, status: 'draft' });
    expect(within(banner).getByText('Draft')).toBeInTheDocument();
    const names = within(banner)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Publish', 'Preview', 'Schedule']);
  });

  it('publishes pending changes and reads the record again', async () => {
    signInAs();
    const published = watch('post', '/api/faqs/3/publish');
    const banner = await openFaq({ ...faq, has_changes: true }, { ...faq, title: 'How can I apply?' });
    expect(await screen.findByDisplayValue('How can I apply?')).toBeInTheDocument();
    expect(within(banner).getByText('Unpublished changes')).toBeInTheDocument();
    serveRecord('/api/faqs/3', faq);
    await user.click(within(banner).getByRole('button', { name: 'Publish' }));
    await expectToast('Published');
    expect(published).toEqual(['Bearer token-123']);
    expect(await screen.findByDisplayValue('How do I apply?')).toBeInTheDocument();
  });

  it("asks before the banner's 'Publish' puts a scheduled change live early, and Cancel publishes nothing", async () => {
    signInAs();
    const published = watch('post', '/api/faqs/3/publish');
    const scheduled = { ...faq, has_changes: true, publish_at: '2027-11-28T09:00:00Z' };
    const banner = await openFaq(scheduled, { ...scheduled, title: 'How can I apply?' });
    await user.click(within(banner).getByRole('button', { name: 'Publish' }));
    const question = await screen.findByRole('alertdialog', { name: 'Publish now?' });
    expect(question).toHaveTextContent('Publishing it now puts it on the website at once and cancels that schedule.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(published).toEqual([]);

    await user.click(within(banner).getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish now' }));
    await expectToast('Published');
    expect(published).toEqual(['Bearer token-123']);
  });

  it("asks before 'Discard changes', and Cancel discards nothing", async () => {
    signInAs();
    const discarded = watch('delete', '/api/faqs/3/changes');
    const banner = await openFaq({ ...faq, has_changes: true }, { ...faq, title: 'How can I apply?' });
    await user.click(within(banner).getByRole('button', { name: 'Discard changes' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(discarded).toEqual([]);

    await user.click(within(banner).getByRole('button', { name: 'Discard changes' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await expectToast('Changes discarded');
    expect(discarded).toEqual(['Bearer token-123']);
  });

  it('tells the reason of a failed schedule', async () => {
    signInAs();
    server.use(
      http.get('/api/faqs/3/schedule', () =>
        HttpResponse.json({
          pending: [],
          last_failed: {
            id: 1,
            section: 'faqs',
            record_id: 3,
            title: 'How do I apply?',
            action: 'publish',
            due_at: '2026-01-05T09:00:00Z',
            state: 'failed',
            reason: 'The record was deleted.',
            set_by: 'grace',
            set_at: '2026-01-04T09:00:00Z',
            finished_at: '2026-01-05T09:00:10Z',
          },
        }),
      ),
    );
    const banner = await openFaq(faq);
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      /The scheduled publish due on .* failed: The record was deleted\./,
    );
  });

  it('shows a viewer the state and no control', async () => {
    signInWithRole('viewer');
    const banner = await openFaq({ ...faq, status: 'draft', publish_at: '2030-01-05T09:00:00Z' });
    expect(within(banner).getByText('Draft')).toBeInTheDocument();
    expect(within(banner).getByText('Scheduled')).toBeInTheDocument();
    expect(within(banner).getByText(/^Scheduled to publish on 5 Jan 2030/)).toBeInTheDocument();
    expect(within(banner).queryAllByRole('button')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument());
  });

  it('gives a viewer no banner for a live record with nothing pending', async () => {
    signInWithRole('viewer');
    serveRecord('/api/faqs/3', faq);
    renderApp('/faqs/edit/3');
    await screen.findByText('You can view this but not change it.');
    expect(screen.queryByRole('region', { name: 'Publishing' })).not.toBeInTheDocument();
  });
});

describe('a failed schedule, as a viewer reads it', () => {
  it('comes from the list of every failed schedule', async () => {
    signInWithRole('viewer');
    server.use(
      http.get('/api/schedules', () =>
        HttpResponse.json({
          upcoming: [],
          done: [],
          failed: [
            {
              id: 7,
              section: 'faqs',
              record_id: 3,
              title: 'How do I apply?',
              action: 'unpublish',
              due_at: '2026-01-05T09:00:00Z',
              state: 'failed',
              reason: 'The database was busy.',
              set_by: 'grace',
              set_at: '2026-01-04T09:00:00Z',
              finished_at: '2026-01-05T09:00:10Z',
            },
          ],
        }),
      ),
    );
    const banner = await openFaq(faq);
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      /unpublish due on .* failed: The database was busy\./,
    );
  });
});
