import { describe, expect, it } from 'vitest';
import { faqs, insights, milestones, missions, successStories } from '@bursary/shared';
import { recordDifferences, versionContent } from '@/lib/record-diff';
import { wordSummary } from './difference-views';

describe('record differences (the change in plain language)', () => {
  it('finds nothing when a version reads the same as the current record, timestamps aside', () => {
    const version = {
      id: 1,
      title: 'How do I apply?',
      description: '<p>Online.</p>',
      created_at: 'a',
      updated_at: 'b',
    };
    expect(recordDifferences(faqs, version, { ...version, updated_at: 'c' })).toEqual([]);
  });

  it('compares rich text as its visible text, word by word, under the field label', () => {
    const version = { id: 1, title: 'How do I apply?', description: '<p>Apply <strong>online</strong> today.</p>' };
    const current = { id: 1, title: 'How do I apply?', description: '<p>Apply <em>online</em> by post tomorrow.</p>' };
    const [difference, ...rest] = recordDifferences(faqs, version, current);
    expect(rest).toEqual([]);
    expect(difference).toMatchObject({ kind: 'words', label: 'Answer (Description)' });
    if (difference?.kind !== 'words') throw new Error('a text difference');
    const added = difference.parts.filter((p) => p.change === 'added').map((p) => p.text.trim());
    const removed = difference.parts.filter((p) => p.change === 'removed').map((p) => p.text.trim());
    expect(added.join(' ')).toBe('by post tomorrow');
    expect(removed.join(' ')).toBe('today');
    expect(wordSummary(difference.parts)).toBe('3 words added, 1 word removed');
  });

  it('ignores a change of formatting only', () => {
    const version = { id: 1, title: 'Q', description: '<p>Apply <strong>online</strong>.</p>' };
    expect(recordDifferences(faqs, version, { ...version, description: '<p>Apply <em>online</em>.</p>' })).toEqual([]);
  });

  it('shows dates and numbers as before → after, images as both pictures', () => {
    const dated = recordDifferences(
      milestones,
      { id: 1, title: 'T', date: '2024-01-05', description: 'D' },
      { id: 1, title: 'T', date: '2024-02-06', description: 'D' },
    );
    expect(dated).toEqual([{ kind: 'value', name: 'date', label: 'Date', before: '5 Jan 2024', after: '6 Feb 2024' }]);
    const numbers = recordDifferences(
      insights,
      { id: 1, first_insight_number: 10 },
      { id: 1, first_insight_number: 12 },
    );
    expect(numbers).toEqual([
      { kind: 'value', name: 'first_insight_number', label: 'First Insight Number', before: '10', after: '12' },
    ]);
    const pictures = recordDifferences(
      successStories,
      { id: 1, image: '/media/a.png' },
      { id: 1, image: '/media/b.png' },
    );
    expect(pictures).toEqual([
      { kind: 'image', name: 'image', label: 'Image', before: '/media/a.png', after: '/media/b.png' },
    ]);
  });

  it('lists sub-items added, removed and changed since the version, matched by id', () => {
    const version = {
      id: 1,
      title: 'M',
      missions: [
        { id: 1, mission: 'Fair loans' },
        { id: 2, mission: 'Open books' },
      ],
    };
    const current = {
      id: 1,
      title: 'M',
      missions: [
        { id: 1, mission: 'Fair and quick loans' },
        { id: 3, mission: 'Mentors' },
      ],
    };
    const [difference] = recordDifferences(missions, version, current);
    if (difference?.kind !== 'items') throw new Error('a sub-item difference');
    expect(difference.label).toBe('Mission points');
    expect(difference.added).toEqual(['Mentors']);
    expect(difference.removed).toEqual(['Open books']);
    expect(difference.changed).toHaveLength(1);
    expect(wordSummary(difference.changed[0] ?? [])).toBe('2 words added');
  });

  it("reads a deleted record's version field by field, with its sub-items", () => {
    const content = versionContent(missions, {
      id: 1,
      title: 'Our mission',
      description: '<p>Why we lend.</p>',
      missions: [{ id: 1, mission: 'Fair loans' }],
    });
    expect(content).toEqual([
      { kind: 'text', name: 'title', label: 'Title', value: 'Our mission' },
      { kind: 'text', name: 'description', label: 'Description', value: 'Why we lend.' },
      { kind: 'items', name: 'missions', label: 'Mission points', items: ['Fair loans'] },
    ]);
  });
});
