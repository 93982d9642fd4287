import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, signInAs } from '@/testing/render';
import { cardTitles, openFaqs, search, serve, user } from './list-page.test-helpers';

// searching a section's list

describe('section list pages', () => {
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
});
