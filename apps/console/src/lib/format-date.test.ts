import { describe, expect, it } from 'vitest';
import { formatDateGB, formatDateTimeGB, formatDateUS } from './format-date';

describe('date formats', () => {
  it('reads US English on the dashboard', () => {
    expect(formatDateUS('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatDateUS('2024-01-05T12:00:00.000Z')).toBe('Jan 5, 2024');
  });

  it('reads British English on section pages', () => {
    expect(formatDateGB('2024-01-05')).toBe('5 Jan 2024');
  });

  it('shows N/A for a missing date and Invalid Date for garbage', () => {
    expect(formatDateUS(null)).toBe('N/A');
    expect(formatDateUS(undefined)).toBe('N/A');
    expect(formatDateGB('')).toBe('N/A');
    expect(formatDateUS('not a date')).toBe('Invalid Date');
    expect(formatDateGB('2024-13-45')).toBe('Invalid Date');
  });
});

describe('date and time', () => {
  it('reads a moment in British English with a 24-hour time', () => {
    const moment = new Date(2024, 0, 5, 14, 5);
    expect(formatDateTimeGB(moment)).toBe('5 Jan 2024, 14:05');
    expect(formatDateTimeGB(null)).toBe('N/A');
  });
});
