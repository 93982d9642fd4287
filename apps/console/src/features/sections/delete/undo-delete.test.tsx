import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { server } from '@/testing/server';
import { renderApp, renderWithProviders, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { UNDO_FAILED_FALLBACK, UNDO_FAILED_TITLE, restoredText, useDeletedToast } from './undo-delete';

const user = userEvent.setup({ delay: null });

interface Restore {
  path: string;
  ifMatch: string | null;
  auth: string | null;
}

/** Records each restore and answers it with `answer()`. */
function captureRestores(answer: () => Response = () => HttpResponse.json({ id: 1 })): Restore[] {
  const restores: Restore[] = [];
  server.use(
    http.post('/api/revisions/:id/restore', ({ request }) => {
      restores.push({
        path: new URL(request.url).pathname,
        ifMatch: request.headers.get('If-Match'),
        auth: request.headers.get('Authorization'),
      });
      return answer();
    }),
  );
  return restores;
}

const faq: SectionRecord = { id: 4, title: 'How do I apply?', description: '<p>Online.</p>' };

/** The FAQ list, whose record is gone after its delete and back after a restore. */
function serveFaqs() {
  let present = true;
  server.use(
    http.get('/api/faqs', () => HttpResponse.json(present ? [faq] : [])),
    http.delete('/api/faqs/:id', () => {
      present = false;
      return HttpResponse.json({ message: 'FAQ "How do I apply?" (id 4) deleted.', revision_id: 77 });
    }),
  );
  return {
    bringBack: () => {
      present = true;
    },
  };
}

async function deleteFaq() {
  renderApp('/faqs');
  await user.click(await screen.findByRole('button', { name: 'Delete How do I apply?' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  return expectToast('FAQ deleted successfully.');
}

describe('Undo on a delete toast', () => {
  it('restores the deleted record from the toast, says so, and the list shows it again', async () => {
    signInWithRole('editor');
    const faqs = serveFaqs();
    const restores = captureRestores(() => {
      faqs.bringBack();
      return HttpResponse.json(faq);
    });
    const toast = await deleteFaq();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete How do I apply?' })).not.toBeInTheDocument(),
    );
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await expectToast('FAQ restored successfully.');
    // a deleted record has no version to match: no If-Match
    expect(restores).toEqual([{ path: '/api/revisions/77/restore', ifMatch: null, auth: 'Bearer token-123' }]);
    expect(await screen.findByRole('button', { name: 'Delete How do I apply?' })).toBeInTheDocument();
  });

  it.each([
    [
      "in the server's words",
      () => HttpResponse.json({ message: 'FAQs already has that record.', error: 'Conflict' }, { status: 409 }),
      'FAQs already has that record.',
    ],
    ['in its own words when no answer came', () => HttpResponse.error(), UNDO_FAILED_FALLBACK],
  ])('tells a failed Undo %s', async (_case, answer, description) => {
    signInWithRole('editor');
    serveFaqs();
    captureRestores(answer);
    await user.click(within(await deleteFaq()).getByRole('button', { name: 'Undo' }));
    await expectToast(UNDO_FAILED_TITLE, { description, destructive: true });
  });

  it("puts a deleted sub-item back, only over the record as the delete left it (the answer's ETag)", async () => {
    signInWithRole('editor');
    const record = {
      id: 1,
      title: 'Our mission',
      description: '<p>Why.</p>',
      missions: [{ id: 11, mission: 'Fair loans' }],
    };
    server.use(
      http.get('/api/missions', () => HttpResponse.json([record], { headers: { ETag: '"v1"' } })),
      http.delete('/api/missions/sub/:id', () =>
        HttpResponse.json(
          { message: 'Mission point "Fair loans" (id 11) deleted.', undo_revision_id: 12 },
          { headers: { ETag: '"v2"' } },
        ),
      ),
    );
    const restores = captureRestores();
    renderApp('/missions');
    await user.click(await screen.findByRole('button', { name: 'Edit Points' }));
    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    const toast = await expectToast('Mission point deleted successfully.');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await expectToast('Mission point restored successfully.');
    expect(restores).toEqual([{ path: '/api/revisions/12/restore', ifMatch: '"v2"', auth: 'Bearer token-123' }]);
  });

  describe('when the toast offers no Undo', () => {
    function DeleteHarness({ answer }: { answer: unknown }) {
      const deletedToast = useDeletedToast('faqs');
      return (
        <Button
          onClick={() =>
            deletedToast('Gone.', { data: answer as null, status: 200, etag: null, headers: new Headers() })
          }
        >
          Delete
        </Button>
      );
    }

    it.each([
      ['a viewer', 'viewer' as const, { message: 'Deleted.', revision_id: 3 }],
      [
        'an answer naming no revision (a record older than history)',
        'editor' as const,
        { message: 'Deleted.', undo_revision_id: null },
      ],
      ['an empty answer', 'editor' as const, null],
    ])('%s', async (_case, role, answer) => {
      signInWithRole(role);
      renderWithProviders(<DeleteHarness answer={answer} />);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const toast = await expectToast('Gone.');
      expect(within(toast).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    });

    it('but an editor with a revision gets one', async () => {
      signInWithRole('editor');
      renderWithProviders(<DeleteHarness answer={{ message: 'Deleted.', revision_id: 3 }} />);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(within(await expectToast('Gone.')).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    });
  });
});

describe('restoredText', () => {
  it("says an Undo in the delete toast's own words", () => {
    expect(restoredText('FAQ deleted successfully.')).toBe('FAQ restored successfully.');
    expect(restoredText('Content deleted successfully')).toBe('Content restored successfully');
    expect(restoredText('Mission point deleted successfully.')).toBe('Mission point restored successfully.');
  });
});
