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

export interface ShownOnce {
  title: string;
  /** The label of the value's field, e.g. 'Temporary password'. */
  label: string;
  value: string;
  /** The server's words on what to do with it. */
  message: string;
}

type Copied = 'copied' | 'failed' | null;

const copyResult = (copied: 'copied' | 'failed', label: string) =>
  copied === 'copied'
    ? 'Copied to the clipboard.'
    : `Could not copy: select the ${label.toLowerCase()} and copy it yourself.`;

/**
 * A value the server answers once (a temporary password, a signing secret): the administrator
 * copies it and closes the dialog (Done or Escape), which forgets it. A click outside does not
 * close it, so a stray click cannot lose it unread.
 */
export function ShownOnceDialog({ shown, onClose }: { shown: ShownOnce | null; onClose: () => void }) {
  const fieldId = useId();
  // told inside the dialog: a toast would be hidden from screen readers while the dialog is open
  const [copied, setCopied] = useState<Copied>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown?.value ?? '');
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
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{shown?.title}</AlertDialogTitle>
          <AlertDialogDescription>{shown?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{shown?.label}</Label>
          <div className="flex gap-2">
            <Input
              id={fieldId}
              readOnly
              value={shown?.value ?? ''}
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
            {copied && copyResult(copied, shown?.label ?? '')}
          </p>
        </div>
        <AlertDialogFooter>
          <AlertDialogAction className={buttonVariants()}>Done</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
