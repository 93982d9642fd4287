import { TOTAL_COUNT_HEADER } from '@bursary/shared/api';

/**
 * The total a paged read reports in X-Total-Count; `fallback` (usually what the pages read so far
 * hold) when the header is missing or unreadable.
 */
export function totalCountOf(headers: Headers, fallback: number): number {
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return Number.isFinite(total) ? total : fallback;
}
