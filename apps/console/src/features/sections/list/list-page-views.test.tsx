import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { faqs } from '@bursary/shared';
import { renderApp, renderWithProviders, signInAs } from '@/testing/render';
import { resolveSection } from '../descriptor/console-section';
import { SectionListPage } from './list-page';
import { faqRecords, openFaqs, search, serve, user, viewButton } from './list-page.test-helpers';

// the Grid and List views of a section's list

describe('section list pages', () => {
  it('switches between Grid and List, starting from the page default', async () => {
    await openFaqs();
    expect(viewButton('Grid')).toHaveAttribute('aria-pressed', 'true');
    expect(viewButton('List')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(viewButton('List'));
    expect(viewButton('List')).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Question', 'Answer', 'Actions']);
    expect(within(table).getByText('Fill in the online form.')).toBeInTheDocument();
    await user.click(viewButton('Grid'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each([
    ['/milestones', 'milestones', ['Date', 'Title', 'Description', 'Actions']],
    ['/disbursement-testimonials', 'disbursement-testimonials', ['Image', 'University Name', 'Actions']],
  ])('%s starts in the List view with its columns', async (path, slug, columns) => {
    signInAs();
    serve(slug, [
      {
        id: 1,
        title: 'Fund opened',
        date: '2020-01-15',
        description: 'First loans',
        university_name: 'North University',
        image: null,
      },
    ]);
    renderApp(path);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(columns);
    expect(viewButton('List')).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows Stakeholders' toggle, List pressed by default", async () => {
    signInAs();
    serve('stakeholders', [
      {
        id: 1,
        title: 'Our partners',
        description: '<p>Who we work with.</p>',
        stakeHolders: [{ id: 5, stakeholder: 'Banks' }],
      },
    ]);
    renderApp('/stakeholders');
    await screen.findByRole('heading', { name: 'Our partners' });
    expect(search()).toHaveAttribute('placeholder', 'Search title, description, or stakeholders...');
    expect(viewButton('List')).toHaveAttribute('aria-pressed', 'true');
    await user.click(viewButton('Grid'));
    expect(viewButton('Grid')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Our partners' })).toBeInTheDocument();
  });

  it.each([
    [false, 'Layout: grid'],
    [true, 'Layout: list'],
  ])('with an inert toggle (%s) the pressed button changes and the layout reads %s', async (inert, after) => {
    serve('faqs', faqRecords);
    renderWithProviders(
      <SectionListPage
        resolved={resolveSection(faqs, { slug: 'faqs', empty: { title: 'None' } })}
        views={{ initial: 'list', inert }}
      >
        {(records, view) => (
          <p>
            {`Layout: ${view}`} ({records.length})
          </p>
        )}
      </SectionListPage>,
    );
    expect(await screen.findByText('Layout: list (3)', { exact: false })).toBeInTheDocument();
    await user.click(viewButton('Grid'));
    expect(viewButton('Grid')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(after, { exact: false })).toBeInTheDocument();
  });
});
