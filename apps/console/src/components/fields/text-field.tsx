import type * as React from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { FieldShell, describedByOf } from '@/components/fields/field-shell';

interface TextFieldProps<T extends FieldValues> extends Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name'
> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  help?: string;
  rules?: RegisterOptions<T, Path<T>>;
  /** Ids must be unique on the page: two forms may have a field of the same name. */
  idPrefix: string;
  /** Marks the label as required; the check itself is in `rules`. */
  required?: boolean;
}

/**
 * One labelled text input of a react-hook-form form, with its help text and its error (client check or server field).
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  help,
  rules,
  idPrefix,
  required,
  ...input
}: TextFieldProps<T>) {
  const id = `${idPrefix}-${name}`;
  const error = form.formState.errors[name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  return (
    <FieldShell id={id} label={label} required={required} help={help} error={message}>
      <Input
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedByOf(id, { error: message, help })}
        {...input}
        {...form.register(name, rules)}
      />
    </FieldShell>
  );
}
