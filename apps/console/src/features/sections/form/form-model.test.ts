import { describe, expect, it } from 'vitest';
import { content, findSection, heroes, recordInputSchema, type SectionDef, type WriteMode } from '@bursary/shared';
import { altTexts, type FormValues, initialValues, sectionResolver, toPayload } from './form-model';

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

describe('form rules are the API rules', () => {
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

describe("an image's alternative text", () => {
  const noField = { fields: {}, shouldUseNativeValidation: false };

  it('starts from the record and is refused over 300 characters, by its label', async () => {
    const values = initialValues(heroes, { id: 1, title: 'Welcome', image: '/media/a.png', image_alt: 'A garden' });
    expect(values.image_alt).toBe('A garden');
    const resolved = await sectionResolver(heroes, 'update')(
      { ...values, image_alt: 'x'.repeat(301) },
      undefined,
      noField,
    );
    expect(resolved.errors.image_alt?.message).toBe('Alternative text must be at most 300 characters.');
    const fits = await sectionResolver(heroes, 'update')({ ...values, image_alt: 'x'.repeat(300) }, undefined, noField);
    expect(fits.errors).toEqual({});
  });

  it('is sent for a picked image when written, for a stored one when changed, and never without an image', () => {
    const started = initialValues(heroes, { id: 1, image: '/media/a.png', image_alt: 'A garden' });
    const file = new File(['png'], 'new.png', { type: 'image/png' });
    const stored = { started, hasStoredImage: () => true };
    expect(altTexts(heroes, started, stored)).toEqual({});
    expect(altTexts(heroes, { ...started, image_alt: ' A garden ' }, stored)).toEqual({});
    expect(altTexts(heroes, { ...started, image_alt: 'A rose garden' }, stored)).toEqual({
      image_alt: 'A rose garden',
    });
    expect(altTexts(heroes, { ...started, image: file }, stored)).toEqual({ image_alt: 'A garden' });
    expect(altTexts(heroes, { ...started, image: file, image_alt: '' }, stored)).toEqual({});
    const none = { started, hasStoredImage: () => false };
    expect(altTexts(heroes, { ...started, image_alt: 'A rose garden' }, none)).toEqual({});
  });
});

describe('rich text with pasted images', () => {
  const faqs = section('faqs');
  const noField = { fields: {}, shouldUseNativeValidation: false };
  /** A pasted photo as the editor embeds it: about `bytes` of image as a base64 data URL. */
  const photo = (bytes: number) => `<img src="data:image/jpeg;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}">`;
  const answer = (description: string) =>
    sectionResolver(faqs, 'create')(
      { ...initialValues(faqs, null), title: 'Two photos', description },
      undefined,
      noField,
    );

  it('takes two 1 MB photos in one save: the bound counts the text besides them', async () => {
    const twoPhotos = `<p>Our office</p>${photo(1024 * 1024)}${photo(1024 * 1024)}`;
    expect(twoPhotos.length).toBeGreaterThan(2_000_000);
    expect((await answer(twoPhotos)).errors).toEqual({});
  });

  it('still refuses text over the bound, and more photos than one save carries, by its label', async () => {
    const longText = `<p>${'x'.repeat(2_000_000)}</p>${photo(1024)}`;
    expect((await answer(longText)).errors.description?.message).toBe(
      'Answer (Description) must be at most 2000000 characters.',
    );
    const tooMany = `<p>Photos</p>${photo(3 * 1024 * 1024).repeat(3)}`;
    expect((await answer(tooMany)).errors.description?.message).toBe(
      'Answer (Description) holds more pasted images than one save can carry. Save fewer at a time.',
    );
  });
});
