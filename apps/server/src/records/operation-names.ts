import type { SectionDef } from '@bursary/shared';

const pascal = (words: string) =>
  words.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

/**
 * How a section is named in its operations' ids: `all` for the section (`listFaqs`), `one` for a record of it
 * (`getFaq`, `publishFaq`), and `target` for what an address acts on: a single-record section's addresses without
 * an id act on the section's record (`publishStakeholdersSection`), beside the same operations by id
 * (`publishStakeholder`). Derived from the slug, so they stay as stable as the addresses.
 */
export function operationNames(section: SectionDef, single = false) {
  const all = pascal(section.slug);
  const singular = all.replace(/ies$/, 'y').replace(/oes$/, 'o').replace(/s$/, '');
  // a slug that is not a plural (content) names its records as items: listContent, getContentItem
  const one = singular === all ? `${all}Item` : singular;
  return { all, one, target: single ? `${all}Section` : one };
}
