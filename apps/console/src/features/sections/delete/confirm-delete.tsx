import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

interface ConfirmDeleteProps {
  title: string;
  /** The question's sentence, letter for letter. */
  description: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The trigger's accessible name, e.g. 'Delete How do I apply?'. */
  triggerName?: string;
  triggerLabel?: string;
}

/** A Delete button that asks a yes/no question first. */
export function ConfirmDeleteButton({
  title,
  description,
  onConfirm,
  pending,
  triggerName,
  triggerLabel = 'Delete',
}: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      trigger={
        <Button variant="destructive" size="sm" loading={pending} aria-label={triggerName}>
          {!pending && <Trash2 aria-hidden />}
          {triggerLabel}
        </Button>
      }
    />
  );
}
