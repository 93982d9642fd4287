import type * as React from 'react';
import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { useSystemTheme } from '@/lib/theme';
import { Toaster } from '@/components/ui/toaster';
import { Notifier } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';

interface ProvidersProps {
  children: React.ReactNode;
  /** Tests pass their own client (no retries) to keep failures quick. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useSystemTheme();
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider delayDuration={300}>
        {children}
        <Toaster />
        <Notifier />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
