import { formatDate } from './format-date';

/** The browser's time zone by name ('Europe/London'): schedules are picked and shown in it, and say so. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** '25 Nov 2026, 09:00 (Europe/London)': a moment in the browser's time zone, the zone named. */
export function formatZoned(iso: string): string {
  return `${formatDate(iso)} (${browserTimeZone()})`;
}

const pad = (n: number) => String(Math.trunc(n)).padStart(2, '0');

/**
 * A `datetime-local` value ('2026-11-25T09:00'), which is wall-clock time in the browser's zone, as ISO 8601 with
 * that zone's offset at that moment ('2026-11-25T09:00:00+01:00'); null when it is not a time.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${value}:00${sign}${pad(abs / 60)}:${pad(abs % 60)}`;
}

/** A moment as a `datetime-local` input shows it: wall-clock time in the browser's zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
