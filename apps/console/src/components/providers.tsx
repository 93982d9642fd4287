import type * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSystemTheme } from '@/lib/theme';
import { ToastRenderers } from '@/components/ui/toast-renderers';

interface ProvidersProps {
  children: React.ReactNode;
  /**
   * Tests pass their own client (no retries) to keep failures quick. Without one, the signed-in
   * routes bring the app's client (app/query-scope.tsx), so the sign-in page does not load it.
   */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  useSystemTheme();
  const content = (
    <>
      {children}
      <ToastRenderers />
    </>
  );
  return queryClient ? <QueryClientProvider client={queryClient}>{content}</QueryClientProvider> : content;
}
