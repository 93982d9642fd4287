import { useId, useState } from 'react';
import { Copy } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface RevealedPassword {
  username: string;
  password: string;
  /** The server's words on what to do with it. */
  message: string;
}

type Copied = 'copied' | 'failed' | null;

const COPY_RESULT: Record<'copied' | 'failed', string> = {
  copied: 'Copied to the clipboard.',
  failed: 'Could not copy: select the password and copy it yourself.',
};

/**
 * A temporary password, shown once (issue 14): the administrator copies it and closes the dialog
 * (Done or Escape), which forgets it. A click outside does not close it, so a stray click cannot
 * lose it unread.
 */
export function TemporaryPasswordDialog({
  revealed,
  onClose,
}: {
  revealed: RevealedPassword | null;
  onClose: () => void;
}) {
  const fieldId = useId();
  // told inside the dialog: a toast would be hidden from screen readers while the dialog is open
  const [copied, setCopied] = useState<Copied>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(revealed?.password ?? '');
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <AlertDialog
      open={revealed !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Temporary password for "{revealed?.username}"</AlertDialogTitle>
          <AlertDialogDescription>{revealed?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>Temporary password</Label>
          <div className="flex gap-2">
            <Input
              id={fieldId}
              readOnly
              value={revealed?.password ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 bg-muted font-mono"
            />
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
          <p
            role="status"
            className={copied === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          >
            {copied && COPY_RESULT[copied]}
          </p>
        </div>
        <AlertDialogFooter>
          <AlertDialogAction className={buttonVariants()}>Done</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
