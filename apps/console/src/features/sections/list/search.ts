import type { SectionRecord } from '@bursary/shared';

/** A field's text as a search sees it; pages may add a formatted reading (e.g. a British date). */
export type SearchText = (record: SectionRecord) => string | null | undefined;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/**
 * A case-insensitive 'contains' match on the page's fields; an empty query matches
 * everything.
 */
function matchesSearch(
  record: SectionRecord,
  fields: readonly string[],
  query: string,
  extra: SearchText[] = [],
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const haystacks = [...fields.map((name) => textOf(record[name])), ...extra.map((read) => read(record) ?? '')];
  return haystacks.some((text) => text.toLowerCase().includes(needle));
}

export function filterRecords(
  records: SectionRecord[],
  fields: readonly string[],
  query: string,
  extra?: SearchText[],
): SectionRecord[] {
  return records.filter((record) => matchesSearch(record, fields, query, extra));
}
