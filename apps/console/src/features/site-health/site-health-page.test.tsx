import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SiteHealthProblem, SiteHealthReport } from '@bursary/shared/site-health';
import { server } from '@/testing/server';
import { renderApp, signInWithRole } from '@/testing/render';

const user = userEvent.setup({ delay: null });

const vague: SiteHealthProblem = {
  check: 'vague-link-text',
  severity: 'notice',
  section: 'faqs',
  id: 4,
  title: 'How do I apply?',
  field: 'description',
  message:
    'A link in "Answer (Description)" says only "here". Use words that say where it goes, such as the name of the page.',
};
const empty: SiteHealthProblem = {
  check: 'empty-section',
  severity: 'warning',
  section: 'heroes',
  id: null,
  title: 'Heroes',
  field: null,
  message:
    'The Heroes section has nothing published, so this part of the website is empty. Write its content and publish it.',
};
const backup: SiteHealthProblem = {
  check: 'backup-overdue',
  severity: 'error',
  section: null,
  id: null,
  title: 'Backups',
  field: null,
  message: 'No backup has been made yet.',
};

function serveHealth(problems: SiteHealthProblem[]) {
  server.use(
    http.get('/api/site-health', () =>
      HttpResponse.json<SiteHealthReport>({ checked_at: '2026-11-25T09:00:00.000Z', problems }),
    ),
  );
}

describe('the Site health page', () => {
  it('groups the problems by check, each linking to the field that fixes it, and filters them', async () => {
    serveHealth([backup, empty, vague]);
    signInWithRole('editor');
    renderApp('/site-health');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site health' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Overdue backups (1)' });
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Overdue backups (1)', 'Empty sections (1)', 'Vague link text (1)']);

    const vagueGroup = screen.getByRole('region', { name: 'Vague link text (1)' });
    expect(within(vagueGroup).getByRole('link', { name: 'How do I apply?' })).toHaveAttribute(
      'href',
      '/faqs/edit/4?field=description',
    );
    expect(within(vagueGroup).getByText('Field: Answer (Description)')).toBeInTheDocument();
    expect(within(vagueGroup).getByText(vague.message)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Empty sections (1)' })).getByRole('link', { name: 'Heroes' }),
    ).toHaveAttribute('href', '/heroes/edit');

    await user.selectOptions(screen.getByLabelText('Severity'), 'warning');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Empty sections (1)']);
    await user.selectOptions(screen.getByLabelText('Severity'), '');
    await user.selectOptions(screen.getByLabelText('Section'), 'faqs');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Vague link text (1)']);
    await user.selectOptions(screen.getByLabelText('Section'), 'site');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Overdue backups (1)']);
  });

  it('opens at one check from the dashboard, and shows every check again on request', async () => {
    serveHealth([backup, empty, vague]);
    signInWithRole('editor');
    renderApp('/site-health?check=empty-section');
    expect(await screen.findByRole('heading', { level: 2, name: 'Empty sections (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show every check' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });

  it('reads the problems again on request and when the tab comes back into focus, so a page left open is current', async () => {
    let served = [empty];
    let reads = 0;
    server.use(
      http.get('/api/site-health', () => {
        reads += 1;
        return HttpResponse.json<SiteHealthReport>({ checked_at: '2026-11-25T09:00:00.000Z', problems: served });
      }),
    );
    signInWithRole('editor');
    renderApp('/site-health', undefined, { appDefaults: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Empty sections (1)' })).toBeInTheDocument();
    served = [empty, vague];
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Vague link text (1)' })).toBeInTheDocument();
    served = [vague];
    const before = reads;
    // what a browser sends when its tab is shown again
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Empty sections (1)' })).toBeNull());
  });

  it('reads one problem in the singular', async () => {
    serveHealth([empty]);
    signInWithRole('editor');
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Site health' });
    expect(await within(card).findByText('1 problem found')).toBeInTheDocument();
  });

  it('says all is well when nothing is wrong', async () => {
    serveHealth([]);
    signInWithRole('viewer');
    renderApp('/site-health');
    expect(await screen.findByRole('heading', { name: 'All is well' })).toBeInTheDocument();
    expect(screen.getByText(/No problems found in the website's content/)).toBeInTheDocument();
  });
});

describe('the dashboard card', () => {
  it('counts the problems per check, each count opening the page at its check', async () => {
    serveHealth([vague, { ...vague, id: 5, title: 'Who can apply?' }, empty]);
    signInWithRole('editor');
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Site health' });
    expect(await within(card).findByRole('link', { name: 'Vague link text (2)' })).toHaveAttribute(
      'href',
      '/site-health?check=vague-link-text',
    );
    expect(within(card).getByRole('link', { name: 'Empty sections (1)' })).toHaveAttribute(
      'href',
      '/site-health?check=empty-section',
    );
    expect(within(card).getByText('3 problems found')).toBeInTheDocument();
  });

  it('says all is well when nothing is wrong', async () => {
    signInWithRole('editor');
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Site health' });
    expect(
      await within(card).findByText("All is well: no problems found in the website's content."),
    ).toBeInTheDocument();
  });
});
