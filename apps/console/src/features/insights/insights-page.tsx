import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { insights, type RecordOf } from '@bursary/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { fieldText, fieldTextOr } from '@/lib/record-text';
import {
  ActionsHead,
  ActionsCell,
  EditLink,
  EditOrSetupButton,
  SectionListPage,
  RecordBadges,
  RecordGrid,
  recordKey,
  WindowedTable,
  type SectionPageProps,
} from '@/features/sections';

/** The insights record: its field names are checked against the registry's. */
type Insights = RecordOf<typeof insights>;

const ORDINALS = ['first', 'second', 'third'] as const;
const titleOf = (record: Insights) => fieldTextOr(record, 'title', 'Insights Section');

/** A collapsible 'View Insights' panel with the three numbered insights. */
function InsightsPanel({ record }: { record: Insights }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-3">
      <button
        type="button"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
        View Insights
      </button>
      <div id={panelId} hidden={!open} className="grid gap-3">
        <ol className="grid gap-2">
          {ORDINALS.map((ordinal) => (
            <li key={ordinal} className="flex items-center gap-3">
              <span className="rounded-md bg-primary px-2 py-1 text-sm font-semibold text-primary-foreground">
                {fieldText(record, `${ordinal}_insight_number`) || '–'}
              </span>
              <span>{fieldText(record, `${ordinal}_insight_text`)}</span>
            </li>
          ))}
        </ol>
        <EditLink to={`/insights/edit/${record.id}`} name={titleOf(record)} />
      </div>
    </div>
  );
}

/** Insights: Grid by default; each item has its 'View Insights' panel. */
export function InsightsPage({ resolved }: SectionPageProps) {
  return (
    <SectionListPage
      resolved={resolved}
      title="Insights"
      search={{ placeholder: 'Search insights...' }}
      views={{ initial: 'grid' }}
      actions={(records) => <EditOrSetupButton section={insights} records={records} />}
    >
      {(records, view) =>
        view === 'grid' ? (
          <RecordGrid
            records={records}
            card={(record: Insights) => (
              <Card className="h-full">
                <CardHeader>
                  <CardTitle as="h2">{titleOf(record)}</CardTitle>
                </CardHeader>
                <CardContent>
                  <InsightsPanel record={record} />
                </CardContent>
              </Card>
            )}
          />
        ) : (
          <WindowedTable
            items={records}
            itemKey={recordKey}
            heads={
              <>
                <TableHead>Title</TableHead>
                <TableHead>Details</TableHead>
                <ActionsHead />
              </>
            }
            cells={(record: Insights) => (
              <>
                <TableCell className="font-medium">
                  <span className="grid justify-items-start gap-1">
                    {titleOf(record)}
                    <RecordBadges record={record} />
                  </span>
                </TableCell>
                <TableCell>
                  <InsightsPanel record={record} />
                </TableCell>
                <ActionsCell>
                  <EditLink to={`/insights/edit/${record.id}`} name={titleOf(record)} />
                </ActionsCell>
              </>
            )}
          />
        )
      }
    </SectionListPage>
  );
}
