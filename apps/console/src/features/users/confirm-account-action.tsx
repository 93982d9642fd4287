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
import type { AccountActionTexts } from './account-actions';

interface ConfirmAccountActionProps {
  /** The action asked about; none closes the question. */
  texts: AccountActionTexts | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The yes/no question before an account action that takes something away. */
export function ConfirmAccountAction({ texts, onConfirm, onCancel }: ConfirmAccountActionProps) {
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
