import type { FieldDef, SectionDef } from '@bursary/shared';

/**
 * Names of people and institutions, sources and the like: one value in every language although they are text.
 * Numbers, dates and images are shared by their kind.
 */
const SHARED_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'student_name',
  'student_school',
  'source',
  'university_name',
  'sender',
  'recipient',
]);

/**
 * Whether a field holds one text per language (titles, descriptions, answers, stories, button labels…) rather than
 * one value shared by all. The one place the console decides it: a marker on the registry's field, when the
 * registry carries one, else the rule above.
 */
export function isTranslatedField(name: string, def: FieldDef): boolean {
  const marked = (def as FieldDef & { translated?: unknown }).translated;
  if (typeof marked === 'boolean') return marked;
  if (def.kind === 'number' || def.kind === 'date' || def.kind === 'image') return false;
  return !SHARED_TEXT_FIELDS.has(name);
}

/** The section's translated fields, in the registry's order. */
export const translatedFieldsOf = (section: SectionDef): string[] =>
  Object.entries(section.fields)
    .filter(([name, def]) => isTranslatedField(name, def))
    .map(([name]) => name);
