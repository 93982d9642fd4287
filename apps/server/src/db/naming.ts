import type { FieldDef, SectionDef, SubItems } from '@bursary/shared';

/**
 * Where a section lives in the database. Tables and columns are snake_case; the wire
 * keeps the registry's names, so this is the one place that maps between them.
 */
const snake = (name: string): string =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/[^a-z0-9_]/g, '_');

export const tableOf = (section: SectionDef): string => snake(section.slug);

/** The child table of a section's sub-item list, e.g. stakeholders_stake_holders. */
export const childTableOf = (section: SectionDef, sub: SubItems): string => `${tableOf(section)}_${snake(sub.field)}`;

export const columnOf = (field: string): string => snake(field);

export const itemColumnOf = (sub: SubItems): string => snake(sub.itemKey);

/** The SQL type of a field's column; every field column is nullable so later-added fields fit old rows. */
export function columnTypeOf(def: FieldDef): 'text' | 'double precision' {
  return def.kind === 'number' ? 'double precision' : 'text';
}

/** Wire names of the record timestamps (content items use camelCase). */
export function timestampKeys(section: SectionDef): { created: string; updated: string } {
  return section.timestamps === 'camel'
    ? { created: 'createdAt', updated: 'updatedAt' }
    : { created: 'created_at', updated: 'updated_at' };
}
