/**
 * Two date readings. The dashboard and content area read US English
 * ('Jan 5, 2024'); section pages read British English ('5 Jan 2024'). Missing → 'N/A',
 * unparsable → 'Invalid Date'.
 */
type DateInput = string | number | Date | null | undefined;
type Reading = 'date' | 'date-time';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function format(value: DateInput, locale: 'en-US' | 'en-GB', reading: Reading = 'date'): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  // A bare calendar date means that day everywhere; reading it in UTC keeps it from shifting.
  const timeZone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined;
  return formatter(locale, timeZone, reading).format(date);
}

/** Building a formatter costs far more than using one, and a long list formats a date per row. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: 'en-US' | 'en-GB', timeZone: 'UTC' | undefined, reading: Reading): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ''} ${reading}`;
  let found = formatters.get(key);
  if (!found) {
    const time = reading === 'date-time' ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
    found = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', ...time, timeZone });
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

/** '5 Jan 2024, 14:05': a moment on a section page, where one day can hold several (a record's versions). */
export function formatDateTimeGB(value: DateInput): string {
  return format(value, 'en-GB', 'date-time');
}
