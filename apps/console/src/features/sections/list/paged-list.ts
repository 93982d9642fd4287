import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { asList, readOptions, type SectionList } from '@/lib/section-api';
import { totalCountOf } from '@/lib/total-count';

/** One page of a section read from the server, and how many records match in all. */
interface ListPage {
  records: SectionList['records'];
  total: number;
}

/** How many records a page read from the server holds: a few screens of rows or cards. */
export const SERVER_PAGE_SIZE = 40;

/** How long typing must pause before a search goes to the server: one request per word, not per key. */
const SEARCH_PAUSE_MS = 200;

/**
 * A large section (the content area's hundreds of thousands of items) read a page at a time, the
 * search done by the server (the console pages through it). Every write to the section
 * invalidates `queryKeys.sections.all(slug)`, which covers these pages too.
 */
export function usePagedSectionList(slug: string, query: string, pageSize: number, enabled = true) {
  const q = useSettledValue(query.trim(), SEARCH_PAUSE_MS);
  const pages = useInfiniteQuery({
    queryKey: queryKeys.sections.list(slug, { paged: pageSize, q }),
    queryFn: async ({ pageParam, signal }): Promise<ListPage> => {
      const { data, headers } = await apiRequest<unknown>('GET', `/api/${slug}`, {
        signal,
        ...readOptions({ limit: pageSize, offset: pageParam, q: q || undefined }),
      });
      const records = asList(data);
      return { records, total: totalCountOf(headers, pageParam + records.length) };
    },
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const read = all.reduce((sum, page) => sum + page.records.length, 0);
      return last.records.length === pageSize && read < last.total ? read : undefined;
    },
    // the previous search's results stay on screen until the new ones arrive
    placeholderData: keepPreviousData,
    enabled,
  });
  const records = pages.data?.pages.flatMap((page) => page.records) ?? [];
  return { ...pages, records, searched: q, total: pages.data?.pages.at(-1)?.total ?? 0 };
}

/** `value` once it has stayed the same for `pauseMs`. */
function useSettledValue<T>(value: T, pauseMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value, pauseMs]);
  return settled;
}
