import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { WebhookActionTexts } from './webhook-actions';

interface ConfirmWebhookActionProps {
  /** The action asked about; none closes the question. */
  texts: WebhookActionTexts | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The yes/no question before a webhook action that cannot be taken back. */
export function ConfirmWebhookAction({ texts, onConfirm, onCancel }: ConfirmWebhookActionProps) {
  return (
    <AlertDialog
      open={texts?.confirm !== undefined}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts?.confirm?.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts?.confirm?.text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{texts?.label}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
