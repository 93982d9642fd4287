import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateStoredUser } from '@/lib/session';

const CHECK_INTERVAL = 5 * 60_000;

/**
 * Asks the server whether the stored token still holds (GET /api/me) when the signed-in frame
 * opens and every few minutes while pages change. Section reads carry no token, so
 * without this a revoked or idle-expired session would only show at the next save; a 401 here
 * ends it through the API client like any other. The answer refreshes the stored user, so a
 * changed role or a newly required account step applies without signing in again.
 */
export function useSessionCheck(token: string | null): void {
  const { data } = useQuery({
    queryKey: [...queryKeys.me(), token],
    queryFn: async () => (await apiRequest<User>('GET', '/api/me', { auth: true })).data,
    enabled: token !== null,
    staleTime: CHECK_INTERVAL,
    retry: false,
  });
  useEffect(() => {
    if (data) updateStoredUser(token, data);
  }, [data, token]);
}
