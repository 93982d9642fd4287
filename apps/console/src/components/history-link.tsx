import { Link } from 'react-router';
import { History as HistoryIcon } from 'lucide-react';
import type { LogEntry, SectionDef } from '@bursary/shared';
// the registry alone, without the zod schemas: this reaches the dashboard's first load
import { findSection } from '@bursary/shared/sections';
import { Button } from '@/components/ui/button';
import { withDatesRead } from '@/lib/format-date';

/**
 * Where a record's history is read: /{slug}/history/{id} for a collection's record,
 * /{slug}/history for a single-record section's; `revision` preselects one version.
 */
function historyPath(section: SectionDef, recordId: number | string | undefined, revision?: number): string {
  const base =
    section.kind === 'single' || recordId === undefined
      ? `/${section.slug}/history`
      : `/${section.slug}/history/${recordId}`;
  return revision === undefined ? base : `${base}?revision=${revision}`;
}

/** The history of the change a log row records, when the row names a revision of a section's record. */
function logChangePath(log: LogEntry): string | null {
  const section = findSection(log.section);
  if (!section || log.revision_id === null || log.revision_id === undefined || log.record_id === null) return null;
  return historyPath(section, log.record_id, log.revision_id);
}

/** The History button of an edit screen and of a single-record section's page. */
export function HistoryButton({ section, recordId }: { section: SectionDef; recordId?: number | string }) {
  return (
    <Button asChild variant="outline">
      <Link to={historyPath(section, recordId)}>
        <HistoryIcon aria-hidden />
        History
      </Link>
    </Button>
  );
}

/**
 * A log row's text, as a link to the change it records when there is one: the text stays the
 * row's own letter for letter but for the moments in it, read in the browser's zone like every date
 * the console shows, and the link is named 'View change: {text}'.
 */
export function LogContent({ log }: { log: LogEntry }) {
  const to = logChangePath(log);
  const text = withDatesRead(log.content);
  if (!to) return <>{text}</>;
  return (
    <Link to={to} aria-label={`View change: ${text}`} className="text-primary underline-offset-4 hover:underline">
      {text}
    </Link>
  );
}
