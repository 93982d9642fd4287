import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ConflictNoticeProps {
  message: string;
  reloading: boolean;
  onReload: () => void;
}

/**
 * A stale save (412): someone else changed the record. Reloading takes the current
 * version and its ETag while the editor's own changes stay in the form.
 */
export function ConflictNotice({ message, reloading, onReload }: ConflictNoticeProps) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-amber-500/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-semibold">Someone else changed this record while you were editing it.</p>
      <p className="text-sm">{message}</p>
      <p className="text-sm">
        Your changes are still in the form. Reload the record to take the current version of the fields you have not
        changed, then save again.
      </p>
      <Button type="button" variant="outline" className="w-fit" loading={reloading} onClick={onReload}>
        {!reloading && <RefreshCw aria-hidden />}Reload record
      </Button>
    </div>
  );
}
