import type * as React from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { cn } from '@/lib/utils';
import type { SearchText } from './search';
import { HistoryButton } from '@/components/history-link';
import { EmptyState, ErrorPanel, ListLoading, NoResults } from '@/components/list-states';
import { useListSource } from './list-source';
import { SearchBox, ViewToggle, type ViewMode } from './list-toolbar';
import { type StatusChoice, StatusFilter } from '@/features/sections/publishing/status-filter';
import { ListWindowContext } from './window/list-window-scope';
import type { ResolvedSection } from '../descriptor/console-section';
import { LanguageBadgesContext, useLanguageBadgesOf } from '../languages/language-badges';

interface ListSearch {
  placeholder?: string;
  /** Fields matched; the registry's search fields by default. */
  fields?: readonly string[];
  /** Formatted readings matched too, e.g. the British date a card shows. */
  extra?: SearchText[];
  /** The page filters but shows no search input. */
  hidden?: boolean;
}

interface ListViews {
  initial: ViewMode;
  /** The toggle is shown but the layout stays the same. */
  inert?: boolean;
}

export interface ListPageProps {
  /** The section with its texts: the empty state and the error's extra sentence come from it. */
  resolved: ResolvedSection;
  title?: string;
  subtitle?: string;
  /** How the texts name the section: 'Manage your {noun} content', 'Could not fetch {noun}.' */
  noun?: string;
  /** The header button(s), given the records read. */
  actions?: (records: SectionRecord[]) => React.ReactNode;
  search?: ListSearch;
  views?: ListViews;
  /** The section is too large to read whole: it is read and searched on the server a page at a time. */
  paged?: boolean;
  /** The text shown when a search finds nothing; 'No {noun} found matching "{query}"' by default. */
  noResultsText?: (query: string) => string;
  /** Replaces the no-results panel entirely (the content area has its own). */
  renderNoResults?: (query: string, clear: () => void) => React.ReactNode;
  className?: string;
  children: (records: SectionRecord[], view: ViewMode) => React.ReactNode;
}

/**
 * The list page of every section: heading, header button, search, Grid/List toggle,
 * and the loading, error, empty and no-results states. Pages supply only their quirks. `children` gets every record
 * the search matches and shows them in a windowed view (RecordGrid, RecordTable, WindowedTable), which builds only
 * those on and near the screen; the scope it reads tells it when a search starts the list again.
 */
export function SectionListPage(props: ListPageProps) {
  const { resolved, search = {}, views } = props;
  const { section, empty } = resolved;
  const noun = props.noun ?? section.label.toLowerCase();
  const [query, setQuery] = useState('');
  const [badge, setBadge] = useState<StatusChoice>('');
  const [chosenView, setView] = useState<ViewMode>(views?.initial ?? 'grid');
  const view = views?.inert ? views.initial : chosenView;

  // an empty section's action creates or sets up its first record: a viewer gets none
  const canEdit = useCan('content:write');
  const list = useListSource(section, {
    query,
    fields: search.fields ?? section.search,
    extra: search.extra,
    paged: props.paged,
    badge,
  });
  const languageBadges = useLanguageBadgesOf();
  const searchDisabled = list.isPending || list.isError || !list.hasRecords;
  const clear = () => {
    setQuery('');
    setBadge('');
  };

  let body: React.ReactNode;
  if (list.isPending) body = <ListLoading noun={noun} />;
  else if (list.isError) body = <ErrorPanel noun={noun} error={list.error} extra={resolved.errorExtra} />;
  else if (!list.hasRecords) {
    const action = canEdit && empty.action && (
      <Button asChild>
        <Link to={empty.action.to}>{empty.action.label}</Link>
      </Button>
    );
    body = <EmptyState title={empty.title} text={empty.text} action={action} />;
  } else if (list.visible.length === 0 && badge && !query.trim()) {
    body = <NoResults text={`No ${noun} found with the status "${badge}"`} onClear={clear} />;
  } else if (list.visible.length === 0) {
    body = props.renderNoResults?.(query, clear) ?? (
      <NoResults text={props.noResultsText?.(query) ?? `No ${noun} found matching "${query}"`} onClear={clear} />
    );
  } else
    body = (
      <LanguageBadgesContext value={languageBadges}>
        <ListWindowContext value={list.scope}>{props.children(list.visible, view)}</ListWindowContext>
      </LanguageBadgesContext>
    );

  return (
    <div className={cn('mx-auto grid w-full max-w-[1400px] gap-6', props.className)}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{props.title ?? section.label}</h1>
          <p className="text-muted-foreground">{props.subtitle ?? `Manage your ${noun} content`}</p>
        </div>
        {!list.isPending && !list.isError && (
          <div className="flex flex-wrap gap-2">
            {props.actions?.(list.records)}
            {section.kind === 'single' && <HistoryButton section={section} />}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {!search.hidden && (
          <SearchBox
            value={query}
            onChange={setQuery}
            placeholder={search.placeholder ?? `Search ${noun}...`}
            disabled={searchDisabled}
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <StatusFilter
            value={badge}
            onChange={setBadge}
            disabled={list.isPending || list.isError || !list.hasRecords}
          />
          {views && <ViewToggle view={chosenView} onChange={setView} />}
        </div>
      </div>
      {body}
    </div>
  );
}
