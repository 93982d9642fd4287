import { useQuery } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { publishingOf } from '@/lib/publishing';
import { formatZoned } from '@/lib/zoned-time';
import { BannerActions } from './banner-actions';
import { scheduledText } from './publish-now-question';
import { recordScheduleQuery } from './publishing-api';
import { type ScheduleItem, scheduleOverviewQuery } from '@/lib/schedules-api';
import { RecordBadges } from './record-badges';

interface PublishingBannerProps {
  section: SectionDef;
  record: SectionRecord;
  pending: SectionRecord | null;
  /** False for a viewer: the state is told, no control is offered. */
  canEdit: boolean;
  onChanged: () => void;
  /** The language the screen edits, when not the default: `record` and `pending` are in it. */
  locale?: string | undefined;
}

/**
 * The record's last failed schedule: an editor reads the record's schedule, a viewer (whom that read refuses) finds it
 * among every failed one.
 */
function useLastFailure(section: SectionDef, record: SectionRecord, canEdit: boolean): ScheduleItem | undefined {
  const own = useQuery({ ...recordScheduleQuery(section, record), enabled: canEdit });
  const all = useQuery({ ...scheduleOverviewQuery(), enabled: !canEdit });
  if (canEdit) return own.data?.filter((item) => item.state === 'failed').at(-1);
  return all.data?.failed.find((item) => item.section === section.slug && item.record_id === record.id);
}

function stateText(status: 'published' | 'draft', hasChanges: boolean): string {
  if (status === 'draft') return 'This record is a draft: the website does not show it until it is published.';
  if (hasChanges)
    return 'This record has unpublished changes: the website shows the published version until they are published.';
  return 'This record is published.';
}

/**
 * Above a record's edit form: whether the website shows it, what is scheduled, a failed schedule's reason, and the
 * publishing controls.
 */
export function PublishingBanner({ section, record, pending, canEdit, onChanged, locale }: PublishingBannerProps) {
  const state = publishingOf(record);
  const failed = useLastFailure(section, record, canEdit);
  const notable = state.status === 'draft' || state.hasChanges || state.publishAt || state.unpublishAt || failed;
  if (!notable && !canEdit) return null;
  return (
    <section
      aria-label="Publishing"
      className={
        notable
          ? 'grid gap-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-blue-950 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-50'
          : 'flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3'
      }
    >
      <div className="grid gap-1">
        <RecordBadges record={record} />
        <p className="text-sm">{stateText(state.status, state.hasChanges)}</p>
        {state.publishAt && <p className="text-sm">{scheduledText(state.publishAt)}</p>}
        {state.unpublishAt && <p className="text-sm">Unpublishes on {formatZoned(state.unpublishAt)}.</p>}
        {failed && (
          <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
            The scheduled {failed.action} due on {formatZoned(failed.due_at)} failed:{' '}
            {failed.reason ?? 'no reason given'}.
          </p>
        )}
      </div>
      {canEdit && (
        <BannerActions section={section} record={record} pending={pending} onChanged={onChanged} locale={locale} />
      )}
    </section>
  );
}
