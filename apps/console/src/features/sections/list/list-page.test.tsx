import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { renderApp, signInAs } from '@/testing/render';
import { ErrorPanel } from '@/components/list-states';
import { cardTitles, openFaqs, search, serve } from './list-page.test-helpers';

// the header, loading, error and empty states; searching and the views have files of their own

describe('section list pages', () => {
  it('shows the title, the subtitle, the header button and the search placeholder', async () => {
    await openFaqs();
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    expect(screen.getByText('Manage your FAQs content')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New FAQ' })).toHaveAttribute('href', '/create-faq');
    expect(search()).toHaveAttribute('placeholder', 'Search questions and answers...');
    expect(search()).toBeEnabled();
  });

  it.each([
    ['/disbursement-testimonials', 'Disbursement Testimonials', 'Manage university testimonials and logos'],
    ['/visions', 'Visions', 'Manage your vision statement'],
    ['/milestones', 'Milestones', 'Manage your milestones content'],
  ])('%s reads its own title and subtitle', async (path, title, subtitle) => {
    signInAs();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(subtitle)).toBeInTheDocument();
  });

  it.each([
    [[], 'Setup Visions', '/visions/edit'],
    [[{ id: 3, title: 'A fairer start', description: '', image: null }], 'Edit Visions', '/visions/edit/3'],
  ])('offers the header button of a single-record section (%#)', async (records, label, href) => {
    signInAs();
    serve('visions', records);
    renderApp('/visions');
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('shows a spinner and disables the search while loading', async () => {
    signInAs();
    server.use(
      http.get('/api/faqs', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderApp('/faqs');
    expect(await screen.findByRole('status', { name: 'Loading FAQs' })).toBeInTheDocument();
    expect(search()).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'New FAQ' })).not.toBeInTheDocument();
  });

  it.each([
    ['/faqs', 'faqs', 'Could not fetch FAQs.', undefined],
    ['/milestones', 'milestones', 'Could not fetch milestones.', 'Please check the API connection or try again later.'],
    [
      '/success-stories',
      'success-stories',
      'Could not fetch success stories.',
      'Please check the API connection or try again later.',
    ],
    ['/visions', 'visions', 'Could not fetch visions.', 'Please try again later.'],
  ])('%s shows the error panel with its own sentences', async (path, slug, fetchText, extra) => {
    signInAs();
    server.use(
      http.get(`/api/${slug}`, () => HttpResponse.json({ message: 'The database is resting' }, { status: 500 })),
    );
    renderApp(path);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    const lines = [...panel.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual(
      extra ? [fetchText, 'The database is resting', extra] : [fetchText, 'The database is resting'],
    );
    expect(search()).toBeDisabled();
  });

  it("reads 'An unexpected error occurred' when the error has no message", () => {
    render(<ErrorPanel noun="FAQs" error={new Error('')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error Loading DataCould not fetch FAQs.An unexpected error occurred',
    );
  });

  it('shows the empty state and disables the search when the section has no records', async () => {
    signInAs();
    serve('milestones', []);
    renderApp('/milestones');
    expect(await screen.findByRole('heading', { name: 'No Milestones Added Yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Add the first company or project milestone, including its date, title, and description.'),
    ).toBeInTheDocument();
    expect(search()).toBeDisabled();
  });

  it("offers 'Create First FAQ' on the empty FAQ list", async () => {
    signInAs();
    serve('faqs', []);
    renderApp('/faqs');
    expect(await screen.findByRole('heading', { name: 'No FAQs Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First FAQ' })).toHaveAttribute('href', '/faqs/create');
  });

  it('treats one object in the answer as a list of one', async () => {
    signInAs();
    serve('faqs', { id: 7, title: 'Only question', description: '<p>Only answer</p>' });
    renderApp('/faqs');
    expect(await screen.findByRole('heading', { name: 'Only question' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Only question']);
    expect(search()).toBeEnabled();
  });
});
