import type * as React from 'react';
import { Label } from '@/components/ui/label';

export interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  help?: string;
  /** A message worded as a warning rather than an error (Create Testimonial's blank name), shown in amber. */
  tone?: 'error' | 'warning';
  /** Rich text has no native control for <label for>: its area is named by the label's id. */
  labelId?: string;
  children: React.ReactNode;
}

export const errorIdOf = (id: string) => `${id}-error`;
const helpIdOf = (id: string) => `${id}-help`;

/** The ids that describe a control: its help text and its error, when shown. */
export function describedByOf(id: string, { error, help }: { error?: string; help?: string }): string | undefined {
  const ids = [help ? helpIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A label, the control, its help text and its error message. */
export function FieldShell({ id, label, required, error, tone = 'error', help, labelId, children }: FieldShellProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={labelId ? undefined : id} id={labelId}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        )}
      </Label>
      {children}
      {help && (
        <p id={helpIdOf(id)} className="text-sm text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p
          id={errorIdOf(id)}
          role="alert"
          className={tone === 'warning' ? 'text-sm text-amber-700 dark:text-amber-300' : 'text-sm text-destructive'}
        >
          {error}
        </p>
      )}
    </div>
  );
}
