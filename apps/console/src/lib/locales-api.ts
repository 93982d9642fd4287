import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getToken } from '@/lib/session';

/** One of the website's languages, as GET /api/locales answers it. */
export interface Locale {
  /** A BCP 47 tag in canonical form: 'en', 'fr', 'fr-CA'. */
  code: string;
  name: string;
  /** The language shown where this one has no text; none means the default language. */
  fallback: string | null;
  /** Shown on the website; a language that is not public can be filled in and previewed first. */
  public: boolean;
  default: boolean;
}

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
export const localesQuery = queryOptions({
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
});

export const useLocales = () => useQuery(localesQuery);

/** What the edit screens need to know: the languages, when there are two or more; none otherwise. */
export function useEditLanguages(): Locale[] {
  const { data = [] } = useLocales();
  return data.length >= 2 ? data : [];
}

/** How a language reads in the switcher: 'English (default)', 'Français'. */
export const languageLabel = (locale: Locale) => (locale.default ? `${locale.name} (default)` : locale.name);

export interface NewLocale {
  code: string;
  name?: string;
  fallback?: string | null;
}

export type LocaleChange = Partial<Pick<Locale, 'name' | 'fallback' | 'public'>>;

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
    mutationFn: (locale: NewLocale) => apiRequest<Locale>('POST', '/api/locales', { json: locale }),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ code, ...patch }: LocaleChange & { code: string }) =>
      apiRequest<Locale>('PATCH', `/api/locales/${encodeURIComponent(code)}`, { json: patch }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (code: string) => apiRequest('DELETE', `/api/locales/${encodeURIComponent(code)}`),
    onSuccess: refresh,
  });
  return { add, change, remove };
}
