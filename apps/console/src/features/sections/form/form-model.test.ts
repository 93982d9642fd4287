import { describe, expect, it } from 'vitest';
import { content, findSection, recordInputSchema, type SectionDef, type WriteMode } from '@bursary/shared';
import { type FormValues, initialValues, sectionResolver, toPayload } from './form-model';

function section(slug: string): SectionDef {
  const found = findSection(slug);
  if (!found) throw new Error(`no section ${slug}`);
  return found;
}

/** The fields the form refuses, and those the API's body schema refuses for the body the form would send. */
async function verdicts(s: SectionDef, mode: WriteMode, changes: FormValues) {
  const values = { ...initialValues(s, null), ...changes };
  const resolved = await sectionResolver(s, mode)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const form = Object.keys(resolved.errors).sort();
  const body = toPayload(s, values);
  const parsed = recordInputSchema(s, mode).safeParse(body);
  const api = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
  return { form, api };
}

describe('form rules are the API rules (issue 12, point 2)', () => {
  it.each<[string, string, WriteMode, FormValues]>([
    ['blank rich text in a required field', 'content', 'create', { title: 'Hello', body: '<p><br></p>' }],
    [
      'rich text holding only an image',
      'content',
      'create',
      { title: 'Hello', body: '<p><img src="data:image/png;base64,AA=="></p>' },
    ],
    ['a title over its length', 'faqs', 'create', { title: 'x'.repeat(501) }],
    ['a blank required text', 'faqs', 'create', { title: '   ' }],
    ['a number that is not one', 'insights', 'create', { title: 'Figures', first_insight_number: 'many' }],
    [
      'every field filled',
      'milestones',
      'create',
      { title: 'Fund opened', date: '2024-02-29', description: 'First loans' },
    ],
    ['a date that does not exist', 'milestones', 'create', { title: 'Fund opened', date: '2024-02-30' }],
  ])('%s: the form and the API refuse the same fields', async (_case, slug, mode, changes) => {
    const { form, api } = await verdicts(section(slug), mode, changes);
    expect(form).toEqual(api);
  });

  it('tells a blank required rich text by its label, as a sentence', async () => {
    const resolved = await sectionResolver(content, 'create')(
      { ...initialValues(content, null), title: 'Hello', body: '<p> &nbsp;</p>' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(resolved.errors.body?.message).toBe('Body is required.');
  });
});
