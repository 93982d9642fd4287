import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogEntry, LogSummary } from '@bursary/shared';
import { ApiError, NetworkError, apiRequest, errorField } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

/** The dashboard shows the first 5 logs. */
export const DASHBOARD_LOG_COUNT = 5;

function recentLogsQuery(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.logs.list({ limit: DASHBOARD_LOG_COUNT }),
    queryFn: async () =>
      (await apiRequest<LogEntry[]>('GET', '/api/logs', { auth: true, query: { limit: DASHBOARD_LOG_COUNT } })).data,
    // Without a token there is no call at all.
    enabled: token !== null,
  });
}

function logSummaryQuery(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.logs.summary(),
    queryFn: async () => (await apiRequest<LogSummary>('GET', '/api/logs/summary', { auth: true })).data,
    enabled: token !== null,
  });
}

export function useRecentLogs() {
  return useQuery(recentLogsQuery(useSession()?.token ?? null));
}

export function useLogSummary() {
  return useQuery(logSummaryQuery(useSession()?.token ?? null));
}

/** The text of a failed logs fetch, the first rule that applies. */
export function logsFailureText(error: unknown): string {
  const field = errorField(error);
  if (field) return field;
  if (error instanceof ApiError) return `Error: ${error.status}`;
  if (error instanceof NetworkError) return 'Network error. Please check your connection.';
  return 'Failed to fetch logs';
}
