import { RotateCcw } from 'lucide-react';
import type { Revision, SectionDef } from '@bursary/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { ApiError, serverMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useRestoreRevision } from './history-api';

const RESTORE_LABEL = 'Restore this version';
const FAILURE_TITLE = 'Could not restore this version';

/** What a refused restore tells: the server's sentence, or what to do next. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 412) {
    return (
      serverMessage(error) ??
      'The record changed since you opened its history. It has been reloaded: look again, then restore.'
    );
  }
  return serverMessage(error) ?? 'Please check your connection and try again.';
}

interface RestoreButtonProps {
  section: SectionDef;
  revision: Revision;
  /** The current record's ETag, so that a restore over someone else's newer change is refused (412). */
  etag: string | null;
  /** Whether the record is deleted: the restore then brings it back. */
  deleted: boolean;
}

/**
 * Whether the restored version reaches the website: a restore writes the version's own state, so a published one
 * (as a version older than drafts counts) is live at once, and a draft stays off the website.
 */
function whereItGoes(revision: Revision): string {
  return revision.record.status === 'draft'
    ? 'It stays a draft, not on the website.'
    : 'It goes live on the website at once.';
}

/** 'Restore this version', behind a confirmation; the restore is itself a new version, so it can be undone. */
export function RestoreButton({ section, revision, etag, deleted }: RestoreButtonProps) {
  const restore = useRestoreRevision(section);
  const when = formatDate(revision.created_at);
  const confirm = () =>
    restore.mutate(
      { revisionId: revision.id, etag },
      {
        onSuccess: () => {
          toast({ title: 'Version restored', description: `Restored to the version of ${when}.` });
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: FAILURE_TITLE, description: failureText(error) });
        },
      },
    );
  return (
    <ConfirmDialog
      title="Restore this version?"
      description={`${deleted ? `The record will be brought back as it was on ${when}.` : `The record will be written back as it was on ${when}.`} ${whereItGoes(revision)} This is saved as a new version, so you can undo it from this history.`}
      confirmLabel="Restore"
      onConfirm={confirm}
      trigger={
        <Button loading={restore.isPending}>
          {!restore.isPending && <RotateCcw aria-hidden />}
          {RESTORE_LABEL}
        </Button>
      }
    />
  );
}
