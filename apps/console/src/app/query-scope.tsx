import { useContext } from 'react';
import { Outlet } from 'react-router';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

// One client for the page's lifetime, so the cache outlives a sign-out and a sign-in as it always has.
let appClient: QueryClient | undefined;

/**
 * The data layer of the signed-in screens. It is a route of its own so that the sign-in page, which
 * only posts its form, does not fetch it. A client given above (tests pass one) takes precedence.
 */
export function QueryScope() {
  const given = useContext(QueryClientContext);
  if (given) return <Outlet />;
  appClient ??= createQueryClient();
  return (
    <QueryClientProvider client={appClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
