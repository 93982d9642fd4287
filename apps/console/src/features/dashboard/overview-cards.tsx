import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BRAND } from '@/components/brand';
import { formatDate } from '@/lib/format-date';
import { useLogSummary } from './logs-api';

/** The displayed version. */
const PRODUCT_VERSION = '1.0.0';

function Value({ loading, children }: { loading: boolean; children: React.ReactNode }) {
  if (loading) return <Skeleton className="h-8 w-24" />;
  return <p className="text-2xl font-bold">{children}</p>;
}

/** Total Logs, Last Updated (N/A without logs) and the product card. */
export function OverviewCards() {
  const summary = useLogSummary();
  const loading = summary.isPending && summary.fetchStatus !== 'idle';
  const data = summary.data;
  return (
    <section aria-labelledby="overview-heading" className="grid gap-4">
      <h2 id="overview-heading" className="text-xl font-semibold">
        Overview
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">Total Logs</CardTitle>
          </CardHeader>
          <CardContent>
            <Value loading={loading}>{data ? data.total.toLocaleString('en-US') : 'N/A'}</Value>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">Last Updated</CardTitle>
          </CardHeader>
          <CardContent>
            <Value loading={loading}>{formatDate(data?.last_updated_at)}</Value>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{BRAND} CMS</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold">{BRAND}</p>
            <p className="text-sm text-muted-foreground">Version {PRODUCT_VERSION}</p>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
