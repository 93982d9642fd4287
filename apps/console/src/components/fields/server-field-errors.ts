import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldErrors } from '@/lib/api-client';

/**
 * A refused write's field messages (a 400's `fields`) pinned on the form's inputs of the same name,
 * the first of them focused. A path into a list or object ('missions.0.mission') is pinned on its
 * top field; a field the form does not have is left to the toast.
 */
export function pinServerFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): void {
  const known = Object.keys(form.getValues());
  for (const { path, message } of fieldErrors(error)) {
    const name = path.split('.')[0] ?? '';
    if (known.includes(name)) form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
  }
}
