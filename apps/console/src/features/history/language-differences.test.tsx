import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Revision, SectionRecord } from '@bursary/shared';
import { renderApp, signInWithRole } from '@/testing/render';
import { server } from '@/testing/server';
import { serveLocales } from '@/testing/locales';

const version = (id: number, action: Revision['action'], record: SectionRecord): Revision => ({
  id,
  action,
  username: 'ada',
  created_at: `2026-11-1${id}T09:00:00.000Z`,
  log_id: id,
  record,
});

const faq = (title: string, description: string, french?: Record<string, unknown>): SectionRecord => ({
  id: 7,
  title,
  description,
  ...(french ? { translations: { fr: french } } : {}),
});

/** A FAQ's History: versions newest first; the current record as the default language reads it, or deleted. */
function serveHistory(versions: Revision[], current: SectionRecord | null) {
  serveLocales();
  server.use(
    http.get('/api/faqs/7/revisions', () =>
      HttpResponse.json(versions, { headers: { 'X-Total-Count': String(versions.length) } }),
    ),
    http.get('/api/faqs/7', () =>
      current
        ? HttpResponse.json(current, { headers: { ETag: '"7-3"' } })
        : HttpResponse.json({ message: 'No FAQ with id 7.', error: 'Not Found' }, { status: 404 }),
    ),
  );
}

describe('History in several languages', () => {
  /** Three versions: the English title changed, then the French title; the current record is the newest. */
  function serveThreeVersions() {
    const now = faq('How do I apply?', '<p>Online.</p>', { title: 'Comment faire une demande ?' });
    serveHistory(
      [
        version(3, 'update', now),
        version(2, 'update', faq('How do I apply?', '<p>Online.</p>', { title: 'Comment postuler ?' })),
        version(1, 'update', faq('How to apply?', '<p>Online.</p>', { title: 'Comment postuler ?' })),
      ],
      faq('How do I apply?', '<p>Online.</p>'),
    );
  }

  it('shows the differences under the language that changed, named as the Languages page names it', async () => {
    signInWithRole('editor');
    serveThreeVersions();
    renderApp('/faqs/history/7?revision=2');
    await screen.findByRole('list', { name: 'Versions' });
    const french = await screen.findByRole('region', { name: 'Français' });
    expect(within(french).getByRole('heading', { level: 3, name: 'Français' })).toBeInTheDocument();
    const differences = within(french).getByRole('list', { name: 'Differences in Français' });
    expect(within(differences).getByRole('heading', { level: 4, name: 'Question (Title)' })).toBeInTheDocument();
    expect(differences.querySelector('del')).toHaveTextContent('removed: postuler');
    expect(differences.querySelector('ins')).toHaveTextContent('added: faire une demande');
    // English did not change since this version: no heading for it
    expect(screen.queryByRole('region', { name: 'English (default)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeInTheDocument();
  });

  it('shows each language that changed since an older version, the default first', async () => {
    signInWithRole('editor');
    serveThreeVersions();
    renderApp('/faqs/history/7?revision=1');
    await screen.findByRole('list', { name: 'Versions' });
    const english = await screen.findByRole('region', { name: 'English (default)' });
    expect(within(english).getByRole('list', { name: 'Differences in English (default)' })).toHaveTextContent(
      'added: do I',
    );
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'English (default)',
      'Français',
    ]);
  });

  it("says 'No differences' when no language changed, and shows a deleted record's version in each language", async () => {
    signInWithRole('editor');
    const now = faq('How do I apply?', '<p>Online.</p>', { title: 'Comment postuler ?' });
    serveHistory([version(1, 'update', now)], faq('How do I apply?', '<p>Online.</p>'));
    const shown = renderApp('/faqs/history/7?revision=1');
    await screen.findByRole('list', { name: 'Versions' });
    expect(
      await screen.findByText('No differences: this version reads the same as the current one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();

    shown.unmount();
    serveHistory([version(2, 'delete', now), version(1, 'update', now)], null);
    renderApp('/faqs/history/7?revision=2');
    await screen.findByRole('list', { name: 'Versions' });
    const french = await screen.findByRole('region', { name: 'Français' });
    expect(within(french).getByText('Comment postuler ?')).toBeInTheDocument();
    // a translation the version lacks reads as empty, not as the default language's text
    expect(within(french).getByText('Answer (Description)').nextSibling).toHaveTextContent('(empty)');
    expect(
      within(screen.getByRole('region', { name: 'English (default)' })).getByText('How do I apply?'),
    ).toBeVisible();
  });
});
