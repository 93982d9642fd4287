import { createContext, useContext } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { useEditLanguages } from '@/lib/locales-api';
import { queryKeys } from '@/lib/query-keys';
import { asList } from '@/lib/section-api';
import { getToken } from '@/lib/session';
import { lacksLanguage, translationsOf } from './translated-values';

/** The language badges of one record: '{CODE} missing', '{CODE} outdated'. */
type LanguageBadgesOf = (record: SectionRecord) => string[];

const none: LanguageBadgesOf = () => [];

/** Given by a list page; a record's badges elsewhere (its edit screen's banner) name no language. */
export const LanguageBadgesContext = createContext<LanguageBadgesOf>(none);

export const useLanguageBadges = (record: SectionRecord) => useContext(LanguageBadgesContext)(record);

/** A section's list in one language without fallbacks: what each record has there, by id. */
function inLanguageQuery(slug: string, code: string, enabled: boolean) {
  return {
    queryKey: queryKeys.sections.inLanguage(slug, code),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { data } = await apiRequest<unknown>('GET', `/api/${slug}`, {
        signal,
        auth: true,
        query: { status: 'all', locale: code, fallback: 'none' },
      });
      return new Map(asList(data).map((record) => [record.id, record]));
    },
    enabled,
  };
}

/**
 * Which public languages each listed record is missing or has outdated. The list's records tell it themselves when
 * the server adds `translations` to them; otherwise the list is read once more in each public language without
 * fallbacks (a section read whole only: a paged one is left without these badges).
 */
export function useLanguageBadgesOf(section: SectionDef, records: SectionRecord[], paged: boolean): LanguageBadgesOf {
  const languages = useEditLanguages();
  const shown = languages.filter((locale) => locale.public && !locale.default);
  const told = records.some((record) => translationsOf(record) !== null);
  const ask = shown.length > 0 && !told && !paged && records.length > 0 && Boolean(getToken());
  const reads = useQueries({ queries: shown.map((locale) => inLanguageQuery(section.slug, locale.code, ask)) });
  if (shown.length === 0) return none;
  return (record) => {
    const states = translationsOf(record);
    const badges: string[] = [];
    shown.forEach(({ code }, index) => {
      const upper = code.toUpperCase();
      if (states) {
        if (states[code]?.missing.length) badges.push(`${upper} missing`);
        if (states[code]?.outdated.length) badges.push(`${upper} outdated`);
        return;
      }
      const there = reads[index]?.data?.get(record.id);
      if (there && lacksLanguage(section, record, there)) badges.push(`${upper} missing`);
    });
    return badges;
  };
}
