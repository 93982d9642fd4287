import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { date, defineSection, richText, text, type SectionRecord } from '@bursary/shared';
import { server } from '@/testing/server';
import { renderWithProviders, signInAs } from '@/testing/render';
import { resolveSection } from '../descriptor/console-section';
import { DefaultListPage } from './default-list-page';

/** A section with no console file at all: what a new registry entry gets without a line of console code. */
const partners = defineSection({
  slug: 'partners',
  label: 'Partners',
  singular: 'Partner',
  kind: 'collection',
  fields: {
    name: text('Name', { required: 'always' }),
    since: date('Since', { required: 'never' }),
    story: richText('Story', { required: 'never' }),
    country: text('Country', { required: 'never' }),
  },
  titleField: 'name',
  search: ['name'],
});
const resolved = resolveSection(partners, undefined);

const records: SectionRecord[] = [
  { id: 1, name: 'Open Books', since: '2024-01-05', story: '<p>Lends <b>textbooks</b>.</p>', country: 'Kenya' },
  { id: 2, name: 'Fair Start', since: '', story: '', country: 'Ghana' },
];

function openPartners(body: SectionRecord[]) {
  signInAs();
  server.use(http.get('/api/partners', () => HttpResponse.json(body)));
  renderWithProviders(<DefaultListPage resolved={resolved} />, { path: '/partners' });
}

describe('the default list page (a section with no bespoke page)', () => {
  it('shows the registry label, the create action and one card per record, rich text as a snippet and dates the British way', async () => {
    openPartners(records);
    expect(await screen.findByRole('heading', { level: 2, name: 'Open Books' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Partner' })).toHaveAttribute('href', '/partners/create');
    expect(screen.getByRole('heading', { level: 2, name: 'Fair Start' })).toBeInTheDocument();
    expect(screen.getByText('5 Jan 2024')).toBeInTheDocument();
    expect(screen.getByText('Lends textbooks.')).toBeInTheDocument();
    expect(screen.queryByText('Kenya')).not.toBeInTheDocument();
  });

  it('lists the title field and the next two in the List view, with Edit and Delete per row', async () => {
    openPartners(records);
    await screen.findByRole('heading', { level: 2, name: 'Open Books' });
    await userEvent.click(within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name: 'List' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Since', 'Story', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    ).toEqual(['Open Books', '5 Jan 2024', 'Lends textbooks.']);
    expect(within(second as HTMLElement).getByRole('cell', { name: 'Fair Start' })).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      '/partners/edit/1',
    );
    expect(within(first as HTMLElement).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  it('says the section is empty in the words it derives from the registry', async () => {
    openPartners([]);
    expect(await screen.findByRole('heading', { name: 'No Partners Yet' })).toBeInTheDocument();
    expect(screen.getByText('Records you create appear here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Partner' })).toHaveAttribute('href', '/partners/create');
  });

  it("takes the empty state's words and button, and the error's extra sentence, from the section's description", async () => {
    const described = resolveSection(partners, {
      slug: 'partners',
      empty: {
        title: 'No Partners Signed',
        text: 'Add the first partner.',
        action: { label: 'Add Partner', to: '/partners/create' },
      },
      errorExtra: 'Please try again later.',
    });
    signInAs();
    server.use(http.get('/api/partners', () => HttpResponse.json([])));
    const { unmount } = renderWithProviders(<DefaultListPage resolved={described} />, { path: '/partners' });
    expect(await screen.findByRole('heading', { name: 'No Partners Signed' })).toBeInTheDocument();
    expect(screen.getByText('Add the first partner.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Partner' })).toHaveAttribute('href', '/partners/create');
    unmount();

    server.use(http.get('/api/partners', () => HttpResponse.json({ message: 'Down for repairs' }, { status: 503 })));
    renderWithProviders(<DefaultListPage resolved={described} />, { path: '/partners' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not fetch partners.')).toBeInTheDocument();
    expect(within(alert).getByText('Please try again later.')).toBeInTheDocument();
  });
});
