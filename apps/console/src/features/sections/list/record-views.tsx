import type * as React from 'react';
import type { SectionRecord } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { useCan } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import { RecordBadges, useAnyRecordBadges } from '@/features/sections/publishing/record-badges';
import { WindowedGrid } from './window/windowed-grid';
import { WindowedTable } from './window/windowed-table';
import {
  ACTIONS_PINNED,
  RowRecordContext,
  StatusBeforeActionsContext,
  StatusCellBeforeActions,
  StatusHeadBeforeActions,
  useActionsWidth,
} from './pinned-columns';

/** Records are told apart by their ids, also when a search moves them. */
export const recordKey = (record: SectionRecord) => record.id;

/**
 * How many cards fade in one after another: the first screen's. Cards reached by scrolling are built just before they
 * show, and appear as they are.
 */
const STAGGERED_CARDS = 12;
/** A card fills its line of the grid, its badges above it. */
const CARD_ITEM = 'flex flex-col gap-2 [&>*:last-child]:flex-1';

/** A line of cards' height before it is measured: a title, a line or two of text and the card's buttons. */
export const CARD_LINE_ESTIMATE = 260;

function cardItemProps(index: number) {
  if (index >= STAGGERED_CARDS) return { className: CARD_ITEM };
  return { className: cn(CARD_ITEM, 'animate-item-in'), style: { '--stagger-index': index } as React.CSSProperties };
}

/**
 * The Grid view: one card per record, its publishing badges above it, in 1, 2 or 3 columns by width (`className` may
 * change them). Only the cards on and near the screen are built.
 */
export function RecordGrid({
  records,
  className,
  lineEstimate = CARD_LINE_ESTIMATE,
  card,
}: {
  records: SectionRecord[];
  className?: string;
  /** A line of cards' height before it is measured, in pixels. */
  lineEstimate?: number;
  card: (record: SectionRecord) => React.ReactNode;
}) {
  // when a card shown has badges, every card gets their line, so that cards side by side start level
  const withBadges = useAnyRecordBadges(records);
  return (
    <WindowedGrid
      items={records}
      itemKey={recordKey}
      className={cn('grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3', className)}
      lineEstimate={lineEstimate}
      itemProps={cardItemProps}
    >
      {(record) => (
        <>
          {withBadges && (
            <div className="flex min-h-6 items-end">
              <RecordBadges record={record} />
            </div>
          )}
          {card(record)}
        </>
      )}
    </WindowedGrid>
  );
}

/** Without an Actions column (a viewer's), the Status column is the last one, pinned at the right edge alone. */
const STATUS_LAST = 'max-md:sticky max-md:right-0 max-md:border-l max-md:bg-background';

/**
 * The List view: the page's column heads, then a row of cells per record, only the rows on and near the screen built.
 * When a record shown is a draft, has unpublished changes or is scheduled, a 'Status' column holds its badges, just
 * before the Actions column (pinned-columns.tsx), or last for a viewer.
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
  const withStatus = useAnyRecordBadges(records);
  const canWrite = useCan('content:write');
  const statusLast = withStatus && !canWrite;
  return (
    <StatusBeforeActionsContext.Provider value={withStatus && canWrite}>
      <WindowedTable
        items={records}
        itemKey={recordKey}
        heads={
          <>
            {heads}
            {statusLast && <TableHead className={STATUS_LAST}>Status</TableHead>}
          </>
        }
        cells={(record) => (
          <RowRecordContext.Provider value={record}>
            {cells(record)}
            {statusLast && (
              <TableCell className={STATUS_LAST}>
                <RecordBadges record={record} />
              </TableCell>
            )}
          </RowRecordContext.Provider>
        )}
      />
    </StatusBeforeActionsContext.Provider>
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
  const measure = useActionsWidth();
  if (!useCan('content:write')) return null;
  return (
    <>
      <StatusHeadBeforeActions />
      <TableHead ref={measure} className={ACTIONS_PINNED}>
        Actions
      </TableHead>
    </>
  );
}

/** The cell under ActionsHead. */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  if (!useCan('content:write')) return null;
  return (
    <>
      <StatusCellBeforeActions />
      <TableCell className={ACTIONS_PINNED}>{children}</TableCell>
    </>
  );
}
