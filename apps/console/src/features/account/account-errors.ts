import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { NetworkError, serverMessage } from '@/lib/api-client';
import { pinServerFieldErrors } from '@/components/fields/server-field-errors';
import { toast } from '@/lib/toast';

/** The sentence for a refused or failed account call: the server's own, else what to do next. */
export function failureSentence(error: unknown): string {
  if (error instanceof NetworkError) return 'Could not connect to the server. Please check your network.';
  return serverMessage(error) ?? 'Something went wrong. Please try again.';
}

/**
 * A refused account change: the server's field messages pinned on their inputs (the API's field
 * names are the form's), and a toast titled `title` with the server's sentence.
 */
export function reportAccountError<T extends FieldValues>(
  error: unknown,
  title: string,
  form?: UseFormReturn<T>,
): void {
  if (form) pinServerFieldErrors(form, error);
  toast({ variant: 'destructive', title, description: failureSentence(error) });
}
