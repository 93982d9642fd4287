import type { UseFormReturn } from 'react-hook-form';
import { ApiError, AuthRequiredError } from '@/lib/api-client';
import { pinServerFieldErrors } from '@/components/fields/server-field-errors';
import { toast } from '@/lib/toast';
import type { FormValues } from './form-model';

/**
 * A refused save: the typed input stays in the form, a 400's `fields` are pinned
 * on their inputs, a 412 is answered by the conflict notice. Returns the 412's message, if any.
 */
export function handleSaveError(
  error: unknown,
  form: UseFormReturn<FormValues>,
  fallback: string,
  /** How the screen tells the failure, when it words it itself (the dedicated create screens). */
  tell?: (error: unknown) => void,
): string | null {
  if (error instanceof ApiError && error.status === 412) return error.message;
  pinServerFieldErrors(form, error);
  if (tell) {
    tell(error);
    return null;
  }
  const message =
    error instanceof ApiError ||
    error instanceof AuthRequiredError ||
    (error instanceof Error && error.message === 'Unexpected response status')
      ? error.message
      : fallback;
  toast({ variant: 'destructive', title: message || fallback });
  return null;
}
