import { serverMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** A refused or failed call, told in a toast with the server's own sentence when it gave one. */
export function toastFailure(title: string, error: unknown): void {
  toast({
    variant: 'destructive',
    title,
    description: serverMessage(error) ?? (error instanceof Error ? error.message : undefined),
  });
}
