/**
 * The one way the console reads a date, on every screen: a moment as '28 Nov 2026, 09:00', in the browser's time
 * zone with a 24-hour clock; a bare calendar date ('2026-11-28', a milestone's) as '28 Nov 2026', the same day in
 * every zone. Missing → 'N/A', unparsable → 'Invalid Date'. Where the zone matters (a schedule), zoned-time.ts names it.
 */
type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Building a formatter costs far more than using one, and a long list formats a date per row. */
const CALENDAR_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  // a bare calendar date is parsed as midnight UTC: read in UTC, it stays that day
  timeZone: 'UTC',
});
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment's day, in the browser's zone: the same reading without the time. */
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function readWith(value: DateInput, moment: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return (typeof value === 'string' && DATE_ONLY.test(value) ? CALENDAR_DATE : moment).format(date);
}

export function formatDate(value: DateInput): string {
  return readWith(value, MOMENT);
}

/** The day alone ('28 Nov 2026'), for a column too narrow for the time; the cell's title gives the whole moment. */
export function formatDay(value: DateInput): string {
  return readWith(value, DAY);
}

/** A moment as the server writes one into a sentence: '2026-11-28T09:00:00Z', with or without seconds and fraction. */
const ISO_MOMENT_IN_TEXT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * A server-written sentence with each moment in it read the one way (a log row's 'Scheduled FAQ "…" to publish
 * at 2026-11-28T09:00:00Z'): the server stores the sentence once for every reader, so only the browser knows
 * the zone to read it in.
 */
export function withDatesRead(text: string): string {
  return text.replace(ISO_MOMENT_IN_TEXT, (moment) => formatDate(moment));
}
