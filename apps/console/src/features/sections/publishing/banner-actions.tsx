import { lazy, Suspense, useState } from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { publishingOf } from '@/lib/publishing';
import { toast } from '@/lib/toast';
import { PublishNowQuestion } from './publish-now-question';
import { requestPreview, usePublishingActions } from './publishing-api';

// the dialogs load when first opened, so the edit screens' code stays as small as it was
const ScheduleDialog = lazy(async () => ({ default: (await import('./schedule-dialog')).ScheduleDialog }));
const PreviewDialog = lazy(async () => ({ default: (await import('./preview-dialog')).PreviewDialog }));

interface BannerActionsProps {
  section: SectionDef;
  /** The record as the website shows it (or the draft). */
  record: SectionRecord;
  /** Its pending changes, if any. */
  pending: SectionRecord | null;
  /** Called once a publish or a discard is done, so the screen reads the record again. */
  onChanged: () => void;
  /** The language the screen edits, when not the default: Publish, Discard changes and Preview are that language's. */
  locale?: string | undefined;
}

const failure = (error: unknown) =>
  toast({ variant: 'destructive', title: error instanceof Error && error.message ? error.message : 'Request failed' });

/** 'Publish', 'Preview', 'Schedule', 'Discard changes' and 'Unpublish', each offered only where it means something. */
export function BannerActions({ section, record, pending, onChanged, locale }: BannerActionsProps) {
  const state = publishingOf(record);
  const unpublished = state.status === 'draft' || state.hasChanges;
  const { publish, discard, unpublish } = usePublishingActions(section, record, locale);
  const [dialog, setDialog] = useState<'schedule' | 'preview' | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const preview = async () => {
    setPreviewing(true);
    try {
      const { url } = await requestPreview(section, record, locale);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      else setDialog('preview');
    } catch (error) {
      failure(error);
    } finally {
      setPreviewing(false);
    }
  };

  // each step says it is done, then the screen reads the record again; a refusal is told in the server's words
  const told = (title: string) => ({
    onSuccess: () => {
      toast({ title });
      onChanged();
    },
    onError: failure,
  });

  const publishNow = () => publish.mutate(undefined, told('Published'));

  return (
    <div className="flex flex-wrap gap-2">
      {unpublished && state.publishAt ? (
        <PublishNowQuestion
          scheduledAt={state.publishAt}
          onConfirm={publishNow}
          trigger={
            <Button type="button" size="sm" loading={publish.isPending}>
              Publish
            </Button>
          }
        />
      ) : (
        unpublished && (
          <Button type="button" size="sm" loading={publish.isPending} onClick={publishNow}>
            Publish
          </Button>
        )
      )}
      {unpublished && (
        <Button type="button" size="sm" variant="outline" loading={previewing} onClick={() => void preview()}>
          Preview
        </Button>
      )}
      <Button type="button" size="sm" variant="outline" onClick={() => setDialog('schedule')}>
        Schedule
      </Button>
      {state.status === 'published' && state.hasChanges && (
        <ConfirmDialog
          title="Discard changes?"
          description="The unpublished changes are deleted. The website keeps showing the published version."
          confirmLabel="Discard changes"
          onConfirm={() => discard.mutate(undefined, told('Changes discarded'))}
          trigger={
            <Button type="button" size="sm" variant="destructive" loading={discard.isPending}>
              Discard changes
            </Button>
          }
        />
      )}
      {state.status === 'published' && (
        <ConfirmDialog
          title="Unpublish this record?"
          description="The website stops showing it at once. It is kept as a draft, with any changes waiting on it, until it is published again."
          confirmLabel="Unpublish"
          onConfirm={() => unpublish.mutate(undefined, told('Unpublished'))}
          trigger={
            <Button type="button" size="sm" variant="outline" loading={unpublish.isPending}>
              Unpublish
            </Button>
          }
        />
      )}
      <Suspense fallback={null}>
        {dialog === 'schedule' && <ScheduleDialog section={section} record={record} onClose={() => setDialog(null)} />}
        {dialog === 'preview' && (
          <PreviewDialog section={section} live={record} pending={pending} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </div>
  );
}
