import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Revision, SectionRecord } from '@bursary/shared';
import { formatDate } from '@/lib/format-date';
import { makeLog } from '@/testing/factories';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import { expectToast } from '@/testing/toasts';

const user = userEvent.setup({ delay: null });

const faq = (description: string): SectionRecord => ({ id: 7, title: 'How do I apply?', description });
const version = (id: number, action: Revision['action'], record: SectionRecord, at: string): Revision => ({
  id,
  action,
  username: 'ada',
  created_at: at,
  log_id: id,
  record,
});

interface Served {
  restores: { id: string; ifMatch: string | null }[];
}

/** A FAQ with two versions (the first a draft with `firstDraft`); a restore writes the old one back and adds a third. */
function serveFaqHistory({
  deleted = false,
  restoreAnswer,
  firstDraft = false,
}: { deleted?: boolean; restoreAnswer?: () => Response; firstDraft?: boolean } = {}): Served {
  const served: Served = { restores: [] };
  let current = faq('<p>Apply online by post.</p>');
  const versions = [
    version(2, 'update', current, '2026-11-12T14:05:00.000Z'),
    version(
      1,
      'create',
      { ...faq('<p>Apply online.</p>'), ...(firstDraft ? { status: 'draft' } : {}) },
      '2026-11-10T09:00:00.000Z',
    ),
  ];
  server.use(
    http.get('/api/faqs/7/revisions', () =>
      HttpResponse.json(versions, { headers: { 'X-Total-Count': String(versions.length) } }),
    ),
    http.get('/api/faqs/7', () =>
      deleted
        ? HttpResponse.json({ message: 'No FAQ with id 7.', error: 'Not Found' }, { status: 404 })
        : HttpResponse.json(current, { headers: { ETag: `"v${versions.length}"` } }),
    ),
    http.post('/api/revisions/:id/restore', ({ params, request }) => {
      served.restores.push({ id: String(params.id), ifMatch: request.headers.get('If-Match') });
      if (restoreAnswer) return restoreAnswer();
      const restored = versions.find((v) => v.id === Number(params.id));
      current = restored?.record ?? current;
      versions.unshift(version(versions.length + 1, 'restore', current, '2026-11-13T08:00:00.000Z'));
      return HttpResponse.json(current, { headers: { ETag: `"v${versions.length}"` } });
    }),
  );
  return served;
}

const versionButtons = () => within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('button');

describe('history screen', () => {
  it('lists the versions newest first with what, who and when; ?revision preselects one and shows its differences', async () => {
    signInWithRole('editor');
    serveFaqHistory();
    renderApp('/faqs/history/7?revision=1');
    await screen.findByRole('heading', { level: 1, name: 'History' });
    expect(await screen.findByText('FAQ "How do I apply?": every saved version, newest first')).toBeInTheDocument();
    const [newest, oldest] = versionButtons();
    expect(newest).toHaveTextContent(/Updated.*Current version.*12 Nov 2026.*by ada/);
    expect(oldest).toHaveTextContent(/Created.*10 Nov 2026.*by ada/);
    expect(oldest).toHaveAttribute('aria-pressed', 'true');

    const differences = await screen.findByRole('list', { name: 'Differences' });
    expect(within(differences).getByRole('heading', { name: 'Answer (Description)' })).toBeInTheDocument();
    expect(within(differences).getByText('2 words added')).toBeInTheDocument();
    expect(differences.querySelector('ins')).toHaveTextContent('added: by post');
  });

  it("says 'No differences' for the version that is the current record, and offers no restore of it", async () => {
    signInWithRole('editor');
    serveFaqHistory();
    renderApp('/faqs/history/7');
    await screen.findByText('Select a version to see what has changed since, and to restore it.');
    await user.click(versionButtons()[0] as HTMLElement);
    expect(await screen.findByText(/^No differences/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('restores a version after a confirmation, with the current ETag, and lists the new version', async () => {
    signInWithRole('editor');
    const served = serveFaqHistory();
    renderApp('/faqs/history/7?revision=1');
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    // the version was published: restoring it changes the website
    expect(dialog).toHaveTextContent(
      `The record will be written back as it was on ${formatDate('2026-11-10T09:00:00.000Z')}. It goes live on the website at once. This is saved as a new version, so you can undo it from this history.`,
    );
    expect(served.restores).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    await expectToast('Version restored', {
      description: `Restored to the version of ${formatDate('2026-11-10T09:00:00.000Z')}.`,
    });
    expect(served.restores).toEqual([{ id: '1', ifMatch: '"v2"' }]);
    await waitFor(() => expect(versionButtons()).toHaveLength(3));
    expect(versionButtons()[0]).toHaveTextContent(/Restored.*Current version/);
    expect(await screen.findByText(/^No differences/)).toBeInTheDocument();
  });

  it('says before restoring a draft version that it stays off the website', async () => {
    signInWithRole('editor');
    serveFaqHistory({ firstDraft: true });
    renderApp('/faqs/history/7?revision=1');
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    expect(dialog).toHaveTextContent('It stays a draft, not on the website.');
    expect(dialog).not.toHaveTextContent('goes live');
  });

  it("tells a refused restore with the server's sentence", async () => {
    signInWithRole('editor');
    const message =
      'This faq was changed by someone else since you opened it. Reload it to see the current version, then make your change again.';
    serveFaqHistory({
      restoreAnswer: () => HttpResponse.json({ message, error: 'Precondition Failed', current: null }, { status: 412 }),
    });
    renderApp('/faqs/history/7?revision=1');
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await expectToast('Could not restore this version', { description: message, destructive: true });
    expect(versionButtons()).toHaveLength(2);
  });

  it("shows a deleted record's version as it was, and brings it back without If-Match", async () => {
    signInWithRole('editor');
    const served = serveFaqHistory({ deleted: true });
    renderApp('/faqs/history/7?revision=2');
    expect(
      await screen.findByText(/This record is deleted, so there is no current version to compare with/),
    ).toBeInTheDocument();
    expect(screen.getByText('Apply online by post.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore this version' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await expectToast('Version restored');
    expect(served.restores).toEqual([{ id: '2', ifMatch: null }]);
  });

  it("asks for a record when a collection's history names none", async () => {
    signInWithRole('editor');
    renderApp('/faqs/history');
    expect(await screen.findByRole('heading', { name: 'No record chosen' })).toBeInTheDocument();
  });

  it('shows viewers the history without any restore', async () => {
    signInWithRole('viewer');
    serveFaqHistory();
    renderApp('/faqs/history/7?revision=1');
    await screen.findByRole('list', { name: 'Differences' });
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });
});

describe('ways into the history', () => {
  it("opens from a record's edit screen and from a single-record section's page", async () => {
    signInWithRole('editor');
    serveFaqHistory();
    const { router } = renderApp('/faqs/edit/7');
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute('href', '/faqs/history/7');
    server.use(http.get('/api/missions', () => HttpResponse.json([{ id: 1, title: 'Our mission', missions: [] }])));
    await router.navigate('/missions');
    await screen.findByRole('heading', { name: 'Our mission' });
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/missions/history');
  });

  it('links a dashboard log row to the change it records, keeping its text', async () => {
    signInWithRole('editor');
    server.use(
      http.get('/api/logs', () =>
        HttpResponse.json([
          makeLog({ content: 'FAQ "How do I apply?" updated', section: 'faqs', record_id: 7, revision_id: 2 }),
          makeLog({
            content: 'Mission section "Our mission" updated',
            section: 'missions',
            record_id: 1,
            revision_id: 5,
          }),
          makeLog({ content: 'FAQ "Old" updated', section: 'faqs', record_id: 3, revision_id: null }),
        ]),
      ),
    );
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'View change: FAQ "How do I apply?" updated' });
    expect(link).toHaveAttribute('href', '/faqs/history/7?revision=2');
    expect(link).toHaveTextContent(/^FAQ "How do I apply\?" updated$/);
    expect(screen.getByRole('link', { name: 'View change: Mission section "Our mission" updated' })).toHaveAttribute(
      'href',
      '/missions/history?revision=5',
    );
    expect(screen.getByText('FAQ "Old" updated').closest('a')).toBeNull();
  });
});
