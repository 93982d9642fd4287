import type * as React from 'react';
import { CircleAlert, Inbox, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function ListLoading({ noun }: { noun: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner className="size-8" label={`Loading ${noun}`} />
    </div>
  );
}

interface ErrorPanelProps {
  noun: string;
  error: unknown;
  /** The page's own extra sentence, e.g. 'Please try again later.' */
  extra?: string;
}

/**
 * The panel of a failed list load: 'Error Loading Data' / 'Could not fetch {section}.' with the error's
 * message, else 'An unexpected error occurred'.
 */
export function ErrorPanel({ noun, error, extra }: ErrorPanelProps) {
  const message =
    error instanceof Error && error.message.trim() !== '' ? error.message : 'An unexpected error occurred';
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-destructive"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <h2 className="font-semibold">Error Loading Data</h2>
        <p>Could not fetch {noun}.</p>
        <p className="text-sm">{message}</p>
        {extra && <p className="text-sm">{extra}</p>}
      </div>
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  text?: string;
  action?: React.ReactNode;
}

export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <Inbox className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{title}</h2>
      {text && <p className="max-w-md text-muted-foreground">{text}</p>}
      {action}
    </div>
  );
}

interface NoResultsProps {
  text: string;
  onClear: () => void;
}

/** Nothing matches the search; 'Clear Search' shows everything again. */
export function NoResults({ text, onClear }: NoResultsProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-muted-foreground">{text}</p>
      <Button variant="outline" onClick={onClear}>
        Clear Search
      </Button>
    </div>
  );
}
