import { type Fields, text } from './fields.ts';

/** A list of sub-items held by a section's record, e.g. steps: [{ id, step }]. */
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

export interface SectionDef<F extends Fields = Fields> {
  slug: string;
  /** Plural label as the navigation shows it. */
  label: string;
  /** One record's name, used in audit-log summaries: 'FAQ', 'Milestone'. */
  singular: string;
  /** A collection holds many records; a single-record section holds at most one. */
  kind: 'collection' | 'single';
  fields: F;
  /** The field that names a record in summaries and confirmations. */
  titleField: keyof F & string;
  /** Fields a search matches (case-insensitive contains). */
  search: (keyof F & string)[];
  subItems?: SubItems;
  /** Other console addresses that lead to this section's list (a link spelled another way). */
  aliases?: readonly string[];
  imagePolicy: ImagePolicy;
  /** Wire names of the timestamps: content items use camelCase, all else snake_case. */
  timestamps: 'snake' | 'camel';
}

type SectionInput<F extends Fields> = Omit<SectionDef<F>, 'imagePolicy' | 'timestamps'> &
  Partial<Pick<SectionDef<F>, 'imagePolicy' | 'timestamps'>>;

/** Checks field names against the section's own fields, then widens to the registry's type. */
export function defineSection<F extends Fields>(d: SectionInput<F>): SectionDef {
  const section: SectionDef<F> = { imagePolicy: 'any-image', timestamps: 'snake', ...d };
  return section as unknown as SectionDef;
}

export const subItemText = (sub: SubItems) => text(sub.itemKey, { required: 'always', max: sub.max });
