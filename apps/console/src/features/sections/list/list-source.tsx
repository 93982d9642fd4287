import type * as React from 'react';
import { useCallback, useMemo } from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { useSectionList } from '@/lib/section-api';
import { usePagedSectionList } from './paged-list';
import { LIST_BATCH_SIZE, MoreSentinel, useProgressiveList } from './progressive-list';
import { filterRecords, type SearchText } from './search';
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
  /** The records matching the search that are shown now, and the element that asks for more. */
  visible: SectionRecord[];
  sentinel: React.ReactNode;
}

/**
 * A section's records for its list page: read whole and filtered in the browser, shown a batch at a
 * time; or, for a section too large to read whole (the content area), read and searched a page at
 * a time on the server as the reader scrolls.
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
  const { visible, sentinel } = useProgressiveList(shown, `${badge ?? ''}\n${query}`);
  return {
    isPending: list.isPending,
    isError: list.isError,
    error: list.error,
    records,
    hasRecords: records.length > 0,
    visible,
    sentinel,
  };
}

function usePagedList(section: SectionDef, { query, paged, badge }: ListSourceOptions): ListSource {
  const pages = usePagedSectionList(section.slug, query, LIST_BATCH_SIZE, Boolean(paged));
  const { fetchNextPage } = pages;
  const readMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const more =
    pages.hasNextPage && !pages.isFetchingNextPage ? (
      <MoreSentinel key={pages.records.length} onNear={readMore} />
    ) : null;
  return {
    isPending: pages.isPending,
    isError: pages.isError,
    error: pages.error,
    records: pages.records,
    hasRecords: pages.records.length > 0 || pages.searched !== '',
    // the badge filter narrows the pages read so far; scrolling reads more
    visible: withBadge(pages.records, badge),
    sentinel: more,
  };
}
