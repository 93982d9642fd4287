import { describe, expect, it } from 'vitest';
import type { successStories } from '@bursary/shared';
import { type RecordOf, type SectionRecord } from '@bursary/shared';
import { fieldText, fieldTextOr } from './record-text';

// The @ts-expect-error lines are checked by the compiler (npm run typecheck): each must be an error.
describe("a record's fields by name", () => {
  const story: RecordOf<typeof successStories> = { id: 1, student_school: 'Makerere', student_name: ' ' };

  it('reads the fields of a section it knows, and no name the section lacks', () => {
    expect(fieldText(story, 'student_school')).toBe('Makerere');
    expect(fieldTextOr(story, 'student_name', 'Unnamed Student')).toBe('Unnamed Student');
    // @ts-expect-error: a success story has no field 'school'
    expect(fieldText(story, 'school')).toBe('');
    // @ts-expect-error: nor 'title'
    expect(fieldTextOr(story, 'title', 'Untitled')).toBe('Untitled');
  });

  it('reads any name of a record whose section it does not know', () => {
    const record: SectionRecord = { id: 2, title: 'How do I apply?', count: 3 };
    expect(fieldText(record, 'title')).toBe('How do I apply?');
    expect(fieldText(record, 'count')).toBe('3');
  });
});
