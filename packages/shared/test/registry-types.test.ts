import { describe, expect, it } from 'vitest';
import type { successStories } from '../src/index.ts';
import { defineSection, everySectionOnce, navigationOrder, text, type RecordOf } from '../src/index.ts';

// These checks are the compiler's (npm run typecheck): each @ts-expect-error line must be an error, or the
// type check fails on the directive itself. The assertions only keep the values in use.
describe('the registry keeps field names and slugs in its types', () => {
  it("names a section's fields and refuses any other", () => {
    const story: RecordOf<typeof successStories> = { id: 1, student_school: 'Makerere' };
    // @ts-expect-error: a success story has no field 'school'
    const misspelt: RecordOf<typeof successStories> = { id: 2, school: 'Makerere' };
    expect([story.student_school, misspelt.id]).toEqual(['Makerere', 2]);
  });

  it('refuses a title or search field the section does not have', () => {
    const partners = () =>
      defineSection({
        slug: 'partners',
        label: 'Partners',
        singular: 'Partner',
        kind: 'collection',
        fields: { name: text('Name') },
        // @ts-expect-error: the title field must be one of the fields
        titleField: 'title',
        search: ['name'],
      });
    expect(typeof partners).toBe('function');
  });

  it('places every section in the navigation, and only sections', () => {
    // @ts-expect-error: 'partners' is no section of the registry
    const unknownSlug = () => everySectionOnce(['partners']);
    // @ts-expect-error: an order of the heroes alone leaves the other sections out
    const missing = () => everySectionOnce(['heroes']);
    expect([typeof unknownSlug, typeof missing, navigationOrder.length]).toEqual(['function', 'function', 14]);
  });
});
