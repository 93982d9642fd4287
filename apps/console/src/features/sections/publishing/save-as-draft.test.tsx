import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { captureWrites, serveRecord } from '@/testing/section-api';
import { field } from '@/testing/form-fields';

const user = userEvent.setup({ delay: null });

const milestone: SectionRecord = {
  id: 5,
  title: 'Fund opened',
  date: '2020-01-15',
  description: 'The first loans.',
  status: 'published',
  has_changes: false,
  publish_at: null,
  unpublish_at: null,
};

/** Records the writes of a record's pending changes. */
function captureChanges(path: string) {
  const sent: { ifMatch: string | null; json: unknown }[] = [];
  server.use(
    http.put(path, async ({ request }) => {
      sent.push({ ifMatch: request.headers.get('If-Match'), json: await request.json() });
      return HttpResponse.json({ id: 5 }, { headers: { ETag: '"c2"' } });
    }),
  );
  return sent;
}

// a whole form screen per test: a busy machine needs more than the default five seconds
describe("'Save as draft'", { timeout: 15_000 }, () => {
  it('creates a new record as a draft, beside the create button that publishes', async () => {
    const sent = captureWrites('milestones');
    signInAs();
    renderApp('/milestones/create');
    await user.type(await screen.findByLabelText(/^Title/), 'Fund opened');
    await user.type(field('Date'), '2020-01-15');
    await user.type(field('Description'), 'The first loans.');
    expect(screen.getByRole('button', { name: 'Create Content' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/milestones',
        ifMatch: null,
        json: { title: 'Fund opened', date: '2020-01-15', description: 'The first loans.', status: 'draft' },
      },
    ]);
  });

  it('on the Create FAQ screen too, with the FAQ kept trimmed', async () => {
    const sent = captureWrites('faqs');
    signInAs();
    renderApp('/create-faq');
    await user.type(await screen.findByLabelText(/^Question/), ' Who can apply? ');
    await user.type(screen.getByRole('textbox', { name: /Answer/ }), 'Students.');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/faqs',
      json: { title: 'Who can apply?', status: 'draft' },
    });
  });

  it('saves a draft in place, with its ETag', async () => {
    const sent = captureWrites('milestones');
    signInAs();
    serveRecord('/api/milestones/5', { ...milestone, status: 'draft' });
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/milestones/5',
        ifMatch: '"r1"',
        json: { title: 'Fund opened', date: '2020-01-15', description: 'The first loans.', status: 'draft' },
      },
    ]);
  });

  it('keeps a published record live: the change is saved as its pending changes, the form edits them', async () => {
    signInAs();
    serveRecord('/api/milestones/5', { ...milestone, has_changes: true });
    serveRecord('/api/milestones/5/changes', { ...milestone, title: 'Fund founded' }, '"c1"');
    const sent = captureChanges('/api/milestones/5/changes');
    renderApp('/milestones/edit/5');
    expect(await screen.findByDisplayValue('Fund founded')).toBe(field('Title'));
    await user.type(field('Description'), ' More to come.');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(sent).toEqual([
      {
        ifMatch: '"c1"',
        json: { title: 'Fund founded', date: '2020-01-15', description: 'The first loans. More to come.' },
      },
    ]);
  });

  it('starts the pending changes of a published record without If-Match when it has none', async () => {
    signInAs();
    serveRecord('/api/milestones/5', milestone);
    const sent = captureChanges('/api/milestones/5/changes');
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expectToast('Draft saved');
    expect(sent).toEqual([
      { ifMatch: null, json: { title: 'Fund opened', date: '2020-01-15', description: 'The first loans.' } },
    ]);
  });

  it('reads the record with status=all, signed in', async () => {
    const asked: string[] = [];
    signInAs();
    server.use(
      http.get('/api/milestones/5', ({ request }) => {
        asked.push(`${new URL(request.url).search} ${request.headers.get('Authorization') ?? ''}`);
        return HttpResponse.json(milestone);
      }),
    );
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund opened');
    expect(asked).toEqual(['?status=all Bearer token-123']);
  });
});

describe("'Publish now' on a record with pending changes", { timeout: 15_000 }, () => {
  it('publishes the form at once, then drops the pending changes it carried', async () => {
    signInAs();
    serveRecord('/api/milestones/5', { ...milestone, has_changes: true });
    serveRecord('/api/milestones/5/changes', { ...milestone, title: 'Fund founded' }, '"c1"');
    const sent = captureWrites('milestones');
    const dropped: string[] = [];
    server.use(
      http.delete('/api/milestones/5/changes', ({ request }) => {
        dropped.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json({ message: 'Milestone changes discarded.' });
      }),
    );
    renderApp('/milestones/edit/5');
    await screen.findByDisplayValue('Fund founded');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await expectToast('Published');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/milestones/5',
        ifMatch: '"r1"',
        json: { title: 'Fund founded', date: '2020-01-15', description: 'The first loans.' },
      },
    ]);
    expect(dropped).toEqual(['Bearer token-123']);
  });
});
