import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" size="sm" loading={pending} aria-label={triggerName}>
          {!pending && <Trash2 aria-hidden />}
          {triggerLabel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="whitespace-pre-wrap">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
