import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaItem, MediaPatch } from '@bursary/shared/media';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { totalCountOf } from '@/lib/total-count';
import { refreshAfterImageChange } from '@/lib/write-refresh';

/** Images read per page of the library: a multiple of the grid's two, three and four columns. */
const MEDIA_PAGE_SIZE = 48;

export interface MediaFilters {
  /** Only images no record (live, draft or pending change) and no kept revision shows. */
  unused: boolean;
  /** Only images without alternative text. */
  missingAlt: boolean;
}

interface MediaPage {
  items: MediaItem[];
  total: number;
}

/** `locale=*`: each image also carries its text in every language (`alt_by_locale`); `alt` stays the default's. */
const EVERY_LANGUAGE = '*';

async function readPage(
  offset: number,
  limit: number,
  filters: Partial<MediaFilters>,
  signal: AbortSignal,
  everyLanguage = false,
) {
  const { data, headers } = await apiRequest<MediaItem[]>('GET', '/api/media', {
    auth: true,
    signal,
    query: {
      limit,
      offset,
      unused: filters.unused ? 1 : undefined,
      missing_alt: filters.missingAlt ? 1 : undefined,
      locale: everyLanguage ? EVERY_LANGUAGE : undefined,
    },
  });
  return { items: data, total: totalCountOf(headers, offset + data.length) };
}

/**
 * GET /api/media a page at a time, newest first, as the reader scrolls; the last filter's images stay until the new
 * ones arrive. With `everyLanguage` (two or more languages), each image carries its text in each of them; until
 * `ready` (the languages are known), nothing is read.
 */
export function useMediaPages(filters: MediaFilters, everyLanguage = false, ready = true) {
  const pages = useInfiniteQuery({
    enabled: ready,
    queryKey: queryKeys.media.pages({ unused: filters.unused, missingAlt: filters.missingAlt, everyLanguage }),
    queryFn: ({ pageParam, signal }): Promise<MediaPage> =>
      readPage(pageParam, MEDIA_PAGE_SIZE, filters, signal, everyLanguage),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const read = all.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length === MEDIA_PAGE_SIZE && read < last.total ? read : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...pages, items, total: pages.data?.pages.at(-1)?.total ?? 0 };
}

/**
 * One image of the library by its name. The library is read newest first, so an image a form shows is usually on the
 * first page; older ones are looked for page by page. Null when the library does not hold it.
 */
export function useMediaItem(name: string | null) {
  return useQuery({
    queryKey: queryKeys.media.item(name ?? ''),
    queryFn: async ({ signal }): Promise<MediaItem | null> => {
      for (let offset = 0; ;) {
        const page = await readPage(offset, MEDIA_PAGE_SIZE, {}, signal);
        const found = page.items.find((item) => item.name === name);
        if (found) return found;
        offset += page.items.length;
        if (page.items.length < MEDIA_PAGE_SIZE || offset >= page.total) return null;
      }
    },
    enabled: name !== null,
  });
}

/** The API address of one image of the library. */
export const mediaPath = (name: string) => `/api/media/${encodeURIComponent(name)}`;

/** A PATCH's language: its code, and whether it is the default language (whose text is `alt`). */
export interface AltLanguage {
  code: string;
  isDefault: boolean;
}

/**
 * An image as the cache held it, with a PATCH's answer in: the answer's `alt` is the language written's, so where
 * the cache holds every language's texts it goes to that language's place, and `alt` stays the default's.
 */
function withAnswer(held: MediaItem, answer: MediaItem, language: AltLanguage | undefined): MediaItem {
  const isDefault = language?.isDefault ?? true;
  if (!held.alt_by_locale || !language) return isDefault ? answer : { ...answer, alt: held.alt };
  return {
    ...answer,
    alt: isDefault ? answer.alt : held.alt,
    alt_by_locale: { ...held.alt_by_locale, [language.code]: answer.alt },
  };
}

/**
 * PATCH /api/media/{name} (in `language`, else the default language's text): the answer replaces the image wherever
 * the cache holds it, so the change shows at once.
 * The library is not read again: an image given its text under 'Missing alternative text' stays where the editor
 * is working (and keeps the focus) until the filter is next read. What shows the image elsewhere is read again.
 */
export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, patch, language }: { name: string; patch: MediaPatch; language?: AltLanguage }) =>
      (
        await apiRequest<MediaItem>('PATCH', mediaPath(name), {
          json: patch,
          query: { locale: language && !language.isDefault ? language.code : undefined },
        })
      ).data,
    onSuccess: (answer, { language }) => {
      const item = (held: MediaItem) => withAnswer(held, answer, language);
      queryClient.setQueryData<MediaItem | null>(queryKeys.media.item(answer.name), (held) =>
        held ? item(held) : language && !language.isDefault ? held : answer,
      );
      queryClient.setQueriesData<{ pages: MediaPage[] }>({ queryKey: queryKeys.media.allPages() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((one) => (one.name === answer.name ? item(one) : one)),
              })),
            }
          : data,
      );
      void refreshAfterImageChange(queryClient);
    },
  });
}

/** DELETE /api/media/{name}; the server refuses (409) while a record or a kept revision uses the image. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest('DELETE', mediaPath(name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media.all() }),
  });
}
