import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDate } from '@/lib/format-date';

/** How the banner says when a change publishes, and the toast of an edit kept waiting for it. */
export const scheduledText = (at: string) => `Scheduled to publish on ${formatDate(at)}`;

interface PublishNowQuestionProps {
  /** When the schedule would have published the waiting change. */
  scheduledAt: string;
  onConfirm: () => void;
  /** The button that asks; without it, `open` says when the question is asked. */
  trigger?: React.ReactElement;
  open?: boolean;
  onClose?: () => void;
}

/**
 * The question before a scheduled change goes live early: publishing it at once also cancels its schedule,
 * so whichever button publishes (the form's or the banner's) asks the same thing first.
 */
export function PublishNowQuestion({ scheduledAt, ...dialog }: PublishNowQuestionProps) {
  return (
    <ConfirmDialog
      {...dialog}
      title="Publish now?"
      description={`This change is scheduled to publish on ${formatDate(scheduledAt)}. Publishing it now puts it on the website at once and cancels that schedule.`}
      confirmLabel="Publish now"
      tone="default"
    />
  );
}
