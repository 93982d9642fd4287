import { type ReactNode, useState } from 'react';
import { ArchiveRestore, ChevronLeft, ChevronRight } from 'lucide-react';
import type { TrashEntry } from '@bursary/shared';
import { findSection } from '@bursary/shared/sections';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
import { useCan } from '@/lib/permissions';
import { useIsMobile } from '@/lib/use-is-mobile';
import { EmptyState, ErrorPanel } from '@/components/list-states';
import { TRASH_PAGE_SIZE, entryName, useRestoreFromTrash, useTrashPage } from './trash-api';

const sectionLabel = (entry: TrashEntry) => findSection(entry.section)?.label ?? entry.section;
const entryKey = (entry: TrashEntry) => `${entry.section}:${entry.record_id}`;

function Untitled() {
  return <span className="italic text-muted-foreground">Untitled</span>;
}

function DeletedAt({ entry }: { entry: TrashEntry }) {
  return <time dateTime={entry.deleted_at}>{formatDate(entry.deleted_at)}</time>;
}

interface ListProps {
  entries: TrashEntry[];
  /** Null for a viewer, who may not restore. */
  restore: ((entry: TrashEntry) => void) | null;
  /** The entry whose restore is under way. */
  restoring: TrashEntry | undefined;
}

function RestoreButton({
  entry,
  restore,
  restoring,
}: {
  entry: TrashEntry;
  restore: (entry: TrashEntry) => void;
  restoring: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      loading={restoring}
      aria-label={`Restore ${entryName(entry)}`}
      onClick={() => restore(entry)}
    >
      {!restoring && <ArchiveRestore aria-hidden />}Restore
    </Button>
  );
}

function TrashTable({ entries, restore, restoring }: ListProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Section</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Deleted by</TableHead>
          <TableHead>Deleted</TableHead>
          {restore && (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entryKey(entry)}>
            <TableCell>{sectionLabel(entry)}</TableCell>
            <TableCell className="font-medium">{entry.title || <Untitled />}</TableCell>
            <TableCell>{entry.username}</TableCell>
            <TableCell className="whitespace-nowrap">
              <DeletedAt entry={entry} />
            </TableCell>
            {restore && (
              <TableCell className="text-right">
                <RestoreButton entry={entry} restore={restore} restoring={entry === restoring} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** At 375 px the four columns and the button do not fit a row: one card per record instead. */
function TrashCards({ entries, restore, restoring }: ListProps) {
  return (
    <ul className="grid gap-3">
      {entries.map((entry) => (
        <li key={entryKey(entry)}>
          <Card>
            <CardHeader className="p-4 pb-2">
              <CardTitle as="h2" className="text-base">
                {entry.title || <Untitled />}
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 p-4 pt-0">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Section</dt>
                <dd>{sectionLabel(entry)}</dd>
                <dt className="text-muted-foreground">Deleted by</dt>
                <dd>{entry.username}</dd>
                <dt className="text-muted-foreground">Deleted</dt>
                <dd>
                  <DeletedAt entry={entry} />
                </dd>
              </dl>
              {restore && (
                <div>
                  <RestoreButton entry={entry} restore={restore} restoring={entry === restoring} />
                </div>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Pager({
  offset,
  total,
  shown,
  onChange,
}: {
  offset: number;
  total: number;
  shown: number;
  onChange: (offset: number) => void;
}) {
  if (total <= TRASH_PAGE_SIZE) return null;
  return (
    <nav aria-label="Trash pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{`${offset + 1}–${offset + shown} of ${total}`}</p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={offset === 0}
          onClick={() => onChange(Math.max(0, offset - TRASH_PAGE_SIZE))}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={offset + shown >= total}
          onClick={() => onChange(offset + TRASH_PAGE_SIZE)}
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** The deleted records not since restored, newest first, each with Restore. */
export function TrashPage() {
  const [offset, setOffset] = useState(0);
  const page = useTrashPage(offset);
  const restoring = useRestoreFromTrash();
  const canEdit = useCan('content:write');
  const isMobile = useIsMobile();
  const entries = page.data?.entries ?? [];
  const total = page.data?.total ?? 0;

  const restore = (chosen: TrashEntry) =>
    restoring.mutate(chosen, {
      // restoring the last record of a later page leaves it empty: show the one before
      onSuccess: () =>
        setOffset((current) => (entries.length === 1 ? Math.max(0, current - TRASH_PAGE_SIZE) : current)),
    });
  const list: ListProps = {
    entries,
    restore: canEdit ? restore : null,
    restoring: restoring.isPending ? restoring.variables : undefined,
  };

  let body: ReactNode;
  if (page.isPending)
    body = (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner className="size-8" label="Loading the trash" />
      </div>
    );
  else if (page.isError) body = <ErrorPanel noun="the trash" error={page.error} />;
  else if (entries.length === 0 && offset > 0) {
    // others restored what this page held
    body = (
      <EmptyState
        title="Nothing left on this page"
        action={
          <Button variant="outline" onClick={() => setOffset(0)}>
            First page
          </Button>
        }
      />
    );
  } else if (entries.length === 0)
    body = <EmptyState title="Trash is empty" text="Records you delete appear here until they are restored." />;
  else {
    body = (
      <>
        {isMobile ? (
          <TrashCards {...list} />
        ) : (
          <Card>
            <CardContent className="p-0">
              <TrashTable {...list} />
            </CardContent>
          </Card>
        )}
        <Pager offset={offset} total={total} shown={entries.length} onChange={setOffset} />
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Trash</h1>
        <p className="text-muted-foreground">Deleted records, newest first. Restore brings one back as it was.</p>
      </div>
      {body}
    </div>
  );
}
