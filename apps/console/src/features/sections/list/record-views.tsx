import type * as React from 'react';
import type { SectionRecord } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCanEdit } from '@/lib/permissions';
import { badgesOf } from '@/lib/publishing';
import { RecordBadges } from '@/features/sections/publishing/record-badges';
import { GridItem, ItemGrid } from './staggered-grid';

/** The Grid view: one card per record, each staggered in after the one before. */
export function RecordGrid({
  records,
  className,
  card,
}: {
  records: SectionRecord[];
  className?: string;
  card: (record: SectionRecord) => React.ReactNode;
}) {
  return (
    <ItemGrid className={className}>
      {records.map((record, index) => (
        <GridItem key={record.id} index={index} record={record}>
          {card(record)}
        </GridItem>
      ))}
    </ItemGrid>
  );
}

/**
 * The List view: the page's column heads, then a row of cells per record. When a record shown is a draft, has
 * unpublished changes or is scheduled, a 'Status' column holds its badges.
 */
export function RecordTable({
  records,
  heads,
  cells,
}: {
  records: SectionRecord[];
  /** The <TableHead>s, in order. */
  heads: React.ReactNode;
  cells: (record: SectionRecord) => React.ReactNode;
}) {
  const withStatus = records.some((record) => badgesOf(record).length > 0);
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {heads}
          {withStatus && <TableHead>Status</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id}>
            {cells(record)}
            {withStatus && (
              <TableCell>
                <RecordBadges record={record} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A record's card in the grid view: its title above what the section shows of it, actions last. */
export function RecordCard({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-between gap-4">{children}</CardContent>
    </Card>
  );
}

/** The List view's 'Actions' column head; a viewer, who has no actions, gets no column. */
export function ActionsHead() {
  return useCanEdit() ? <TableHead>Actions</TableHead> : null;
}

/** The cell under ActionsHead. */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  return useCanEdit() ? <TableCell>{children}</TableCell> : null;
}
