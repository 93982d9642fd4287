import { QueryClient } from '@tanstack/react-query';

/** Retry once, fresh for 1 minute, cached for 5, no re-fetch on window focus. */
export const queryDefaults = {
  retry: 1,
  staleTime: 60_000,
  gcTime: 5 * 60_000,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
}
