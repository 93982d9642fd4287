import { useCallback, useMemo } from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { useSectionList } from '@/lib/section-api';
import { SERVER_PAGE_SIZE, usePagedSectionList } from './paged-list';
import { filterRecords, type SearchText } from './search';
import type { ListWindowScope } from './window/list-window-scope';
import { badgesOf, type RecordBadge } from '@/lib/publishing';

export interface ListSourceOptions {
  query: string;
  fields: readonly string[];
  extra?: SearchText[] | undefined;
  /** Read from the server a batch at a time and searched there; else read whole. */
  paged?: boolean | undefined;
  /** Only the records with this badge ('Draft', 'Unpublished changes', 'Scheduled'); every record when blank. */
  badge?: RecordBadge | '';
}

function withBadge(records: SectionRecord[], badge: RecordBadge | '' | undefined): SectionRecord[] {
  return badge ? records.filter((record) => badgesOf(record).includes(badge)) : records;
}

/** What a list page shows, however its records are read. */
export interface ListSource {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** The records read so far, before any search. */
  records: SectionRecord[];
  /** Whether the section has any record at all (a search finding none does not make it empty). */
  hasRecords: boolean;
  /** The records matching the search (of those read so far): the view builds those on and near the screen. */
  visible: SectionRecord[];
  /** What the view is told of the whole list: when to start again from the top, its size, how to read more. */
  scope: ListWindowScope;
}

/**
 * A section's records for its list page: read whole and filtered in the browser; or, for a section too large to read
 * whole (the content area), read and searched a page at a time on the server as the reader scrolls.
 */
export function useListSource(section: SectionDef, options: ListSourceOptions): ListSource {
  const whole = useWholeList(section, options);
  const paged = usePagedList(section, options);
  return options.paged ? paged : whole;
}

function useWholeList(section: SectionDef, { query, fields, extra, paged, badge }: ListSourceOptions): ListSource {
  const list = useSectionList(section.slug, !paged);
  const records = useMemo(() => list.data?.records ?? [], [list.data]);
  // a keystroke filters every record again, but nothing else that depends only on the records
  const shown = useMemo(
    () => withBadge(filterRecords(records, fields, query, extra), badge),
    [records, fields, query, extra, badge],
  );
  const scope = useMemo(() => ({ restartKey: `${badge ?? ''}\n${query}` }), [badge, query]);
  return {
    isPending: list.isPending,
    isError: list.isError,
    error: list.error,
    records,
    hasRecords: records.length > 0,
    visible: shown,
    scope,
  };
}

function usePagedList(section: SectionDef, { query, paged, badge }: ListSourceOptions): ListSource {
  const pages = usePagedSectionList(section.slug, query, SERVER_PAGE_SIZE, Boolean(paged));
  const { fetchNextPage, hasNextPage, isFetchingNextPage, searched, total } = pages;
  const readMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const canReadMore = hasNextPage && !isFetchingNextPage;
  const scope = useMemo(
    () => ({
      restartKey: `${badge ?? ''}\n${searched}`,
      // the server counts what the search matches, not what the badge filter then keeps of it
      total: badge ? (hasNextPage ? -1 : undefined) : total,
      onNearEnd: canReadMore ? readMore : undefined,
    }),
    [badge, searched, hasNextPage, total, canReadMore, readMore],
  );
  return {
    isPending: pages.isPending,
    isError: pages.isError,
    error: pages.error,
    records: pages.records,
    hasRecords: pages.records.length > 0 || pages.searched !== '',
    // the badge filter narrows the pages read so far; scrolling reads more
    visible: withBadge(pages.records, badge),
    scope,
  };
}
