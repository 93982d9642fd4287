import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale, LocaleChangeRequest, NewLocaleRequest } from '@bursary/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getToken } from '@/lib/session';

function isLocale(value: unknown): value is Locale {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.name === 'string';
}

/**
 * The languages, the default first. Signed in, the read carries the token so languages not yet on the website are
 * listed too. A server that keeps no languages (404) counts as one language: the console is then exactly as it is
 * without languages.
 */
const localesQuery = queryOptions({
  queryKey: queryKeys.locales(),
  queryFn: async ({ signal }): Promise<Locale[]> => {
    try {
      const { data } = await apiRequest<unknown>('GET', '/api/locales', { signal, auth: Boolean(getToken()) });
      const locales = Array.isArray(data) ? data.filter(isLocale) : [];
      return [...locales.filter((l) => l.default), ...locales.filter((l) => !l.default)];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  // another administrator may add or launch a language while this console is open: looking at it again reads them
  refetchOnWindowFocus: 'always',
});

export const useLocales = () => useQuery(localesQuery);

/** What the edit screens need to know: the languages, when there are two or more; none otherwise. */
export function useEditLanguages(): Locale[] {
  const { data = [] } = useLocales();
  return data.length >= 2 ? data : [];
}

/** How a language reads in the switcher: 'English (default)', 'Français'. */
export const languageLabel = (locale: Locale) => (locale.default ? `${locale.name} (default)` : locale.name);

/**
 * Add, change (name, fallback, shown on the website) and delete. A language's change changes what every record
 * answers in it, and a delete takes its translations with it: every section reads again.
 */
export function useLocaleMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.locales() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.sections.root() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.siteHealth() }),
    ]);
  const add = useMutation({
    mutationFn: (locale: NewLocaleRequest) => apiRequest<Locale>('POST', '/api/locales', { json: locale }),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ code, ...patch }: LocaleChangeRequest & { code: string }) =>
      apiRequest<Locale>('PATCH', `/api/locales/${encodeURIComponent(code)}`, { json: patch }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (code: string) => apiRequest('DELETE', `/api/locales/${encodeURIComponent(code)}`),
    onSuccess: refresh,
  });
  return { add, change, remove };
}
