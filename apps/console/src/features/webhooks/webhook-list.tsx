import type * as React from 'react';
import { BreakableText } from '@/components/breakable-text';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { EventName } from './event-words';
import { LastDelivery } from './last-delivery';
import type { Webhook } from './webhook-types';

interface WebhookListProps {
  webhooks: Webhook[];
  /** The row's or card's action control. */
  actions: (webhook: Webhook) => React.ReactNode;
}

function Status({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <Badge variant="green">Enabled</Badge>;
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant="red">Disabled</Badge>
      {webhook.disabled_reason && <span className="text-sm text-muted-foreground">{webhook.disabled_reason}</span>}
    </span>
  );
}

/** What each column shows of a webhook; the table and the cards read the same cells. */
const columns: { head: string; cell: (webhook: Webhook) => React.ReactNode }[] = [
  {
    head: 'Events',
    cell: (webhook) => (
      <ul className="grid gap-0.5 text-sm">
        {webhook.events.map((event) => (
          <li key={event}>
            <EventName event={event} />
          </li>
        ))}
      </ul>
    ),
  },
  { head: 'Status', cell: (webhook) => <Status webhook={webhook} /> },
  { head: 'Last delivery', cell: (webhook) => <LastDelivery webhook={webhook} /> },
];

function Address({ webhook }: { webhook: Webhook }) {
  return (
    <span className="grid gap-1">
      <span className="font-medium">
        <BreakableText text={webhook.url} />
      </span>
      {webhook.description && <span className="text-sm text-muted-foreground">{webhook.description}</span>}
    </span>
  );
}

/** The webhooks as a table: one row each, the URL first. */
export function WebhookTable({ webhooks, actions }: WebhookListProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>URL</TableHead>
          {columns.map((column) => (
            <TableHead key={column.head}>{column.head}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {webhooks.map((webhook) => (
          <TableRow key={webhook.id}>
            <TableCell className="max-w-80">
              <Address webhook={webhook} />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.head}>{column.cell(webhook)}</TableCell>
            ))}
            <TableCell>{actions(webhook)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The webhooks as cards, for narrow screens where the columns do not fit. */
export function WebhookCards({ webhooks, actions }: WebhookListProps) {
  return (
    <ul className="grid gap-4">
      {webhooks.map((webhook) => (
        <li key={webhook.id}>
          <Card>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
              <CardTitle as="h2" className="min-w-0 text-lg">
                <Address webhook={webhook} />
              </CardTitle>
              {actions(webhook)}
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {columns.map((column) => (
                  <div key={column.head} className="contents">
                    <dt className="text-muted-foreground">{column.head}</dt>
                    <dd className="break-words">{column.cell(webhook)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
