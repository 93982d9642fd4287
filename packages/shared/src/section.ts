import { type Fields, text } from './fields.ts';

/**
 * A list of sub-items held by a section's record, e.g. steps: [{ id, step }]. The list is the same items in the same
 * order in every language; only each item's text is translated.
 */
export interface SubItems {
  /** The record's field holding the list: 'steps', 'benefits', 'missions', 'stakeHolders'. */
  field: string;
  /** The key of each item's text: 'step', 'benefit', 'mission', 'stakeholder'. */
  itemKey: string;
  /** Human name of one item, used in audit-log summaries: 'Step', 'Benefit point'… */
  itemLabel: string;
  /** Longest accepted item text. */
  max: number;
}

/** Which uploads an image field of the section accepts. */
export type ImagePolicy = 'any-image' | 'testimonial';

export interface SectionDef<F extends Fields = Fields, Slug extends string = string> {
  slug: Slug;
  /** Plural label as the navigation shows it. */
  label: string;
  /** One record's name, used in audit-log summaries: 'FAQ', 'Milestone'. */
  singular: string;
  /** A collection holds many records; a single-record section holds at most one. */
  kind: 'collection' | 'single';
  fields: F;
  /** The field that names a record in summaries and confirmations (one of `fields`: see defineSection). */
  titleField: string;
  /** Fields a search matches (case-insensitive contains). */
  search: string[];
  subItems?: SubItems;
  /** Other console addresses that lead to this section's list (a link spelled another way). */
  aliases?: readonly string[];
  imagePolicy: ImagePolicy;
  /** Wire names of the timestamps: content items use camelCase, all else snake_case. */
  timestamps: 'snake' | 'camel';
}

// The field names are checked here rather than in SectionDef, where `keyof F` would make a section with
// named fields unassignable to the registry's wide SectionDef.
type SectionInput<F extends Fields, Slug extends string> = Omit<
  SectionDef<F, Slug>,
  'imagePolicy' | 'timestamps' | 'titleField' | 'search'
> &
  Partial<Pick<SectionDef<F, Slug>, 'imagePolicy' | 'timestamps'>> & {
    titleField: keyof F & string;
    search: (keyof F & string)[];
  };

/**
 * Checks field names against the section's own fields and keeps them, and the slug, in its type: a
 * record of the section (RecordOf) then names only its fields, and the navigation order only its slugs.
 */
export function defineSection<F extends Fields, const Slug extends string>(
  d: SectionInput<F, Slug>,
): SectionDef<F, Slug> {
  return { imagePolicy: 'any-image', timestamps: 'snake', ...d };
}

/**
 * A record of the given section as the API answers it: its id and its own fields, each possibly absent.
 * A record read without knowing its section (SectionRecord) names any field.
 */
export type RecordOf<S extends SectionDef<Fields, string>> = { id: number } & {
  [Name in keyof S['fields']]?: unknown;
};

export const subItemText = (sub: SubItems) => text(sub.itemKey, { required: 'always', max: sub.max });
