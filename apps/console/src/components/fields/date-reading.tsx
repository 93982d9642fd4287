import { formatDate } from '@/lib/format-date';

/** What a native date or time control holds, read the console's one way; null while it holds no whole value. */
function readingOf(value: string): string | null {
  if (value === '') return null;
  const reading = formatDate(value);
  return reading === 'Invalid Date' ? null : reading;
}

export const readingIdOf = (id: string) => `${id}-reads`;

/** A control's description ids with its reading's added, when it shows one. */
export function withReading(id: string, value: string, describedBy?: string): string | undefined {
  if (readingOf(value) === null) return describedBy;
  return [describedBy, readingIdOf(id)].filter(Boolean).join(' ');
}

/**
 * The value of a native date or time control read as every screen reads a date ('12 Aug 2023',
 * '28 Nov 2026, 09:00'): the control itself shows the browser's locale format, which a page cannot set.
 */
export function DateReading({ id, value }: { id: string; value: string }) {
  const reading = readingOf(value);
  if (reading === null) return null;
  return (
    <span id={id} className="text-sm text-muted-foreground">
      {reading}
    </span>
  );
}
