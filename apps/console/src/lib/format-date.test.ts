import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, withDatesRead } from './format-date';

describe('the one date format', () => {
  it('reads a moment as day, short month, year and a 24-hour time in the browser’s zone', () => {
    expect(formatDate(new Date(2026, 10, 28, 9, 0))).toBe('28 Nov 2026, 09:00');
    expect(formatDate(new Date(2024, 0, 5, 14, 5))).toBe('5 Jan 2024, 14:05');
    // an ISO moment from the server is shown in local time, not UTC
    const iso = new Date(2026, 10, 27, 23, 30).toISOString();
    expect(formatDate(iso)).toBe('27 Nov 2026, 23:30');
  });

  it('reads a bare calendar date as that day, without a time', () => {
    expect(formatDate('2024-01-05')).toBe('5 Jan 2024');
    expect(formatDate('2026-11-28')).toBe('28 Nov 2026');
  });

  it('shows N/A for a missing date and Invalid Date for garbage', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate('2024-13-45')).toBe('Invalid Date');
  });

  it('reads the moments a server-written sentence holds, and leaves the rest of it as written', () => {
    const at = new Date(2026, 10, 28, 9, 0);
    const iso = at.toISOString().replace(/\.000Z$/, 'Z');
    expect(withDatesRead(`Scheduled FAQ "How do I apply?" to publish at ${iso}`)).toBe(
      'Scheduled FAQ "How do I apply?" to publish at 28 Nov 2026, 09:00',
    );
    expect(withDatesRead(`due ${at.toISOString()} and ${iso}`)).toBe('due 28 Nov 2026, 09:00 and 28 Nov 2026, 09:00');
    expect(withDatesRead('Updated FAQ "2026-11-28 plans"')).toBe('Updated FAQ "2026-11-28 plans"');
  });

  it('reads the day alone of a moment, in the browser’s zone, for narrow columns', () => {
    expect(formatDay(new Date(2026, 10, 28, 23, 30).toISOString())).toBe('28 Nov 2026');
    expect(formatDay('2024-01-05')).toBe('5 Jan 2024');
    expect(formatDay(null)).toBe('N/A');
  });
});
