import { describe, expect, it } from 'vitest';
import { browserTimeZone, formatZoned, isoToLocalInput, localInputToIso } from './zoned-time';

describe('times in the browser’s zone', () => {
  it('turns a datetime-local value into ISO 8601 with the offset of that moment, and back', () => {
    for (const value of ['2030-01-05T09:00', '2030-07-05T23:30']) {
      const iso = localInputToIso(value);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
      expect(new Date(iso as string).getTime()).toBe(new Date(value).getTime());
      expect(isoToLocalInput(iso)).toBe(value);
    }
  });

  it('takes the offset of the day picked, summer time included', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(localInputToIso('2030-01-05T09:00')).toBe('2030-01-05T09:00:00-05:00');
      expect(localInputToIso('2030-07-05T09:00')).toBe('2030-07-05T09:00:00-04:00');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('refuses what is not a time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
  });

  it('names the zone it shows a time in', () => {
    expect(formatZoned('2030-01-05T09:00:00Z')).toMatch(
      new RegExp(`^\\d+ Jan 2030, \\d{2}:\\d{2} \\(${browserTimeZone()}\\)$`),
    );
  });
});
