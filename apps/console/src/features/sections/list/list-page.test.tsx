import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { faqs, type SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderApp, renderWithProviders, signInAs } from '@/testing/render';
import { ErrorPanel } from '@/components/list-states';
import { SectionListPage } from './list-page';

function serve(slug: string, body: unknown) {
  server.use(http.get(`/api/${slug}`, () => HttpResponse.json(body as SectionRecord[])));
}

const faqRecords: SectionRecord[] = [
  { id: 1, title: 'How do I apply?', description: '<p>Fill in the <b>online form</b>.</p>' },
  { id: 2, title: 'Who can borrow?', description: '<p>Any enrolled student.</p>' },
  { id: 3, title: 'When is repayment due?', description: '<p>After graduation.</p>' },
];

async function openFaqs() {
  signInAs();
  serve('faqs', faqRecords);
  renderApp('/faqs');
  await screen.findByRole('heading', { name: 'How do I apply?' });
}

// no pause between keystrokes: the typing is not what these tests are about
const user = userEvent.setup({ delay: null });
const search = () => screen.getByRole('searchbox', { name: 'Search' });
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const viewButton = (name: 'Grid' | 'List') =>
  within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name });

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

  it('filters case-insensitively on the question and the answer', async () => {
    await openFaqs();
    await user.type(search(), 'ONLINE FORM');
    expect(cardTitles()).toEqual(['How do I apply?']);
    await user.clear(search());
    await user.type(search(), 'borrow');
    expect(cardTitles()).toEqual(['Who can borrow?']);
    await user.clear(search());
    expect(cardTitles()).toEqual(['How do I apply?', 'Who can borrow?', 'When is repayment due?']);
  });

  it("shows no-results with 'Clear Search', which empties the query and shows every record", async () => {
    await openFaqs();
    await user.type(search(), 'scholarship');
    expect(screen.getByText('No FAQs found matching "scholarship"')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How do I apply?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(search()).toHaveValue('');
    expect(cardTitles()).toHaveLength(3);
  });

  it("reads 'No visions found matching …' on Visions", async () => {
    signInAs();
    serve('visions', [{ id: 1, title: 'A fairer start', description: '<p>For every student.</p>', image: null }]);
    renderApp('/visions');
    await screen.findByRole('heading', { name: 'A fairer start' });
    await user.type(search(), 'mars');
    expect(screen.getByText('No visions found matching "mars"')).toBeInTheDocument();
  });

  it("matches the registry's search fields and the formatted date, not the other fields", async () => {
    signInAs();
    serve('success-stories', [
      {
        id: 1,
        student_name: 'Amina',
        student_school: 'Riverside College',
        date: '2024-03-09',
        source: 'Radio',
        story: '<p>Became a nurse.</p>',
        image: '/media/zebra.png',
      },
      {
        id: 2,
        student_name: 'Tomas',
        student_school: 'Hill School',
        date: '2023-11-20',
        source: 'Press',
        story: '<p>Opened a bakery.</p>',
        image: null,
      },
    ]);
    renderApp('/success-stories');
    await screen.findByRole('heading', { name: 'Amina' });
    expect(search()).toHaveAttribute('placeholder', 'Search student, school, story...');
    const expectMatches = async (query: string, names: string[]) => {
      await user.clear(search());
      await user.type(search(), query);
      expect(screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(names);
    };
    await expectMatches('hill', ['Tomas']);
    await expectMatches('radio', ['Amina']);
    await expectMatches('bakery', ['Tomas']);
    await expectMatches('9 Mar 2024', ['Amina']);
    await expectMatches('2023-11', ['Tomas']);
    await expectMatches('zebra', []);
    expect(screen.getByText('No success stories found matching "zebra"')).toBeInTheDocument();
  });

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
      <SectionListPage section={faqs} views={{ initial: 'list', inert }} empty={{ title: 'None' }}>
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

  it('treats one object in the answer as a list of one', async () => {
    signInAs();
    serve('faqs', { id: 7, title: 'Only question', description: '<p>Only answer</p>' });
    renderApp('/faqs');
    expect(await screen.findByRole('heading', { name: 'Only question' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Only question']);
    expect(search()).toBeEnabled();
  });
});
