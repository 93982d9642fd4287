import type * as React from 'react';
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
import { buttonVariants } from '@/components/ui/button';

interface ConfirmDialogProps {
  /** The question, e.g. 'Discard changes?'. */
  title: string;
  /** What the step does, letter for letter: line breaks and repeated spaces are kept. */
  description: React.ReactNode;
  /** The confirming button's words. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The button that asks the question; without it, `open` says when the question is asked. */
  trigger?: React.ReactElement;
  open?: boolean;
  /** Called when the question closes without a yes (Cancel, Escape, or a yes that closes it). */
  onClose?: () => void;
  /** A step that takes nothing away (a publish) is confirmed with the ordinary button, not the red one. */
  tone?: 'destructive' | 'default';
}

/** The yes/no question before a step that takes something away, cannot be taken back, or goes live at once. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  trigger,
  open,
  onClose,
  tone = 'destructive',
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(opened) => {
        if (!opened) onClose?.();
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="whitespace-pre-wrap">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={tone === 'default' ? buttonVariants() : undefined} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
