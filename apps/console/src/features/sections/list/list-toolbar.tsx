import { LayoutGrid, List, Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type ViewMode = 'grid' | 'list';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  disabled: boolean;
}

export function SearchBox({ value, onChange, placeholder, disabled }: SearchBoxProps) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label="Search"
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}

interface ViewToggleProps {
  view: ViewMode;
  onChange: (view: ViewMode) => void;
}

/** The Grid/List toggle: two pressed-state buttons, so each says which layout is on. */
export function ViewToggle({ view, onChange }: ViewToggleProps) {
  const option = (mode: ViewMode, label: string, Icon: typeof List) => (
    <Button
      type="button"
      size="sm"
      variant={view === mode ? 'secondary' : 'ghost'}
      aria-pressed={view === mode}
      onClick={() => onChange(mode)}
      className={cn(view === mode && 'shadow-sm')}
    >
      <Icon aria-hidden />
      {label}
    </Button>
  );
  return (
    <div role="group" aria-label="View" className="inline-flex gap-1 rounded-md border p-1">
      {option('grid', 'Grid', LayoutGrid)}
      {option('list', 'List', List)}
    </div>
  );
}
