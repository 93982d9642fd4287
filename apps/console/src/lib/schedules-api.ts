import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A scheduled publish or unpublish of one record, as the API lists it. */
export interface ScheduleItem {
  id: number;
  section: string;
  record_id: number;
  /** The record's title now; null once the record is deleted. */
  title: string | null;
  action: 'publish' | 'unpublish';
  due_at: string;
  state: string;
  reason: string | null;
  set_by: string;
  set_at: string;
  finished_at: string | null;
}

/** GET /api/schedules: what runs next, what failed and what ran. */
export interface ScheduleOverview {
  upcoming: ScheduleItem[];
  failed: ScheduleItem[];
  done: ScheduleItem[];
}

const isItem = (value: unknown): value is ScheduleItem =>
  typeof value === 'object' && value !== null && 'due_at' in value && 'action' in value;

/**
 * The items of an answer: a list, or a record's schedule (`{pending: [...], last_failed: item | null}`), whose items
 * are its lists' and its single items'.
 */
export function scheduleItemsOf(data: unknown): ScheduleItem[] {
  if (Array.isArray(data)) return data.filter(isItem);
  if (typeof data !== 'object' || data === null) return [];
  return Object.values(data).flatMap((value) =>
    Array.isArray(value) ? value.filter(isItem) : isItem(value) ? [value] : [],
  );
}

const listOf = (data: unknown, name: keyof ScheduleOverview): ScheduleItem[] =>
  typeof data === 'object' && data !== null ? scheduleItemsOf((data as Record<string, unknown>)[name]) : [];

export function scheduleOverviewQuery() {
  return queryOptions({
    queryKey: queryKeys.schedules(),
    queryFn: async ({ signal }): Promise<ScheduleOverview> => {
      const { data } = await apiRequest<unknown>('GET', '/api/schedules', { signal, auth: true });
      return { upcoming: listOf(data, 'upcoming'), failed: listOf(data, 'failed'), done: listOf(data, 'done') };
    },
  });
}

/** Where the console edits the record a schedule belongs to. */
export const scheduleEditPath = (item: ScheduleItem): string => `/${item.section}/edit/${item.record_id}`;
