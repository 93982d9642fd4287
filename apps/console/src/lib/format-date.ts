/**
 * SPEC.md 9 and 8.7: two date readings. The dashboard and content area read US English
 * ('Jan 5, 2024'); section pages read British English ('5 Jan 2024'). Missing → 'N/A',
 * unparsable → 'Invalid Date'.
 */
type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function format(value: DateInput, locale: 'en-US' | 'en-GB'): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  // A bare calendar date means that day everywhere; reading it in UTC keeps it from shifting.
  const timeZone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined;
  return formatter(locale, timeZone).format(date);
}

/** Building a formatter costs far more than using one, and a long list formats a date per row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: 'en-US' | 'en-GB', timeZone: 'UTC' | undefined): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** 'Jan 5, 2024': dashboard and content area. */
export function formatDateUS(value: DateInput): string {
  return format(value, 'en-US');
}

/** '5 Jan 2024': section pages. */
export function formatDateGB(value: DateInput): string {
  return format(value, 'en-GB');
}
