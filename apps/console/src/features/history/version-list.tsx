import type { Revision } from '@bursary/shared';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/** A version's action in words, coloured as the log's badges are. */
const ACTIONS: Record<Revision['action'], { label: string; variant: NonNullable<BadgeProps['variant']> }> = {
  create: { label: 'Created', variant: 'green' },
  update: { label: 'Updated', variant: 'blue' },
  delete: { label: 'Deleted', variant: 'red' },
  restore: { label: 'Restored', variant: 'grey' },
};

export const actionLabel = (action: Revision['action']): string => ACTIONS[action].label;

interface VersionListProps {
  versions: Revision[];
  selectedId: number | null;
  /** The newest version is the record as it is now, unless the record is deleted. */
  currentId: number | null;
  onSelect: (id: number) => void;
  total: number;
  more: { has: boolean; loading: boolean; load: () => void };
}

/** The record's versions, newest first, each with what was done, by whom and when. */
export function VersionList({ versions, selectedId, currentId, onSelect, total, more }: VersionListProps) {
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="Versions">
        {versions.map((version) => {
          const selected = version.id === selectedId;
          return (
            <li key={version.id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(version.id)}
                className={cn(
                  'grid w-full gap-1 rounded-md border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected && 'border-primary bg-accent',
                )}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={ACTIONS[version.action].variant}>{actionLabel(version.action)}</Badge>
                  {version.id === currentId && (
                    <span className="text-xs font-medium text-muted-foreground">Current version</span>
                  )}
                </span>
                <span className="text-sm">{formatDate(version.created_at)}</span>
                <span className="text-sm text-muted-foreground">by {version.username}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground">
        Showing {versions.length} of {total} {total === 1 ? 'version' : 'versions'}
      </p>
      {more.has && (
        <Button variant="outline" onClick={more.load} loading={more.loading}>
          Load more
        </Button>
      )}
    </div>
  );
}
