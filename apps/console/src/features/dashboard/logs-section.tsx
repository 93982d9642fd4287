import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { LogEntry } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/format-date';
import { LogContent } from '@/components/history-link';
import { useCan } from '@/lib/permissions';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { ActionBadge } from './action-badge';
import { DASHBOARD_LOG_COUNT, logsFailureText, useRecentLogs } from './logs-api';

function LogsTable({ logs }: { logs: LogEntry[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Content</TableHead>
          <TableHead className="hidden md:table-cell">Created at</TableHead>
          <TableHead>Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {logs.slice(0, DASHBOARD_LOG_COUNT).map((log) => (
          <TableRow key={log.id}>
            {/* a name of one long word wraps inside the cell, or the page would scroll sideways on a phone */}
            <TableCell className="font-medium wrap-anywhere">
              <LogContent log={log} />
            </TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(log.created_at)}</TableCell>
            <TableCell>
              <ActionBadge action={log.action} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function LogsBody() {
  const session = useSession();
  const canEdit = useCan('content:write');
  const logs = useRecentLogs();
  const errorText = logs.isError ? logsFailureText(logs.error) : null;

  // A failed fetch shows as an error toast as well as inline.
  useEffect(() => {
    if (errorText) toast({ title: 'Error', description: errorText, variant: 'destructive' });
  }, [errorText, logs.errorUpdatedAt]);

  if (!session)
    return (
      <p role="alert" className="text-danger">
        Authentication required
      </p>
    );
  if (logs.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading logs...
      </p>
    );
  }
  if (logs.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText}
      </p>
    );
  if (logs.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 py-6 text-center">
        <p className="text-muted-foreground">No logs available.</p>
        {canEdit && (
          <Link to="/content/create" className="text-primary underline-offset-4 hover:underline">
            Create your first content
          </Link>
        )}
      </div>
    );
  }
  return <LogsTable logs={logs.data} />;
}

/** The dashboard's Logs section: Refresh, View All, and a table of the first 5 logs. */
export function LogsSection() {
  const queryClient = useQueryClient();
  const logs = useRecentLogs();
  const session = useSession();
  const loading = logs.isFetching;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.logs.all() });
  return (
    <section aria-labelledby="logs-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="logs-heading" className="text-xl font-semibold">
          Logs
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={refresh} disabled={loading || !session}>
            <RefreshCw aria-hidden className={loading ? 'animate-spin' : undefined} />
            Refresh
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/content">View All</Link>
          </Button>
        </div>
      </div>
      <Card>
        <CardContent className="p-4">
          <LogsBody />
        </CardContent>
      </Card>
    </section>
  );
}
