import { createContext, useContext } from 'react';
import type { SectionRecord } from '@bursary/shared';
import { useEditLanguages } from '@/lib/locales-api';
import { translationsOf } from './translated-values';

/** The language badges of one record: '{CODE} missing', '{CODE} outdated'. */
type LanguageBadgesOf = (record: SectionRecord) => string[];

const none: LanguageBadgesOf = () => [];

/** Given by a list page; a record's badges elsewhere (its edit screen's banner) name no language. */
export const LanguageBadgesContext = createContext<LanguageBadgesOf>(none);

export const useLanguageBadges = (record: SectionRecord) => useContext(LanguageBadgesContext)(record);

/**
 * Which public languages each listed record is missing or has outdated, as the record itself tells it (`translations`,
 * which a signed-in list with `status=all` carries once the website has two or more languages): section lists and
 * paged ones alike.
 */
export function useLanguageBadgesOf(): LanguageBadgesOf {
  const languages = useEditLanguages();
  const shown = languages.filter((locale) => locale.public && !locale.default);
  if (shown.length === 0) return none;
  return (record) => {
    const states = translationsOf(record);
    const badges: string[] = [];
    for (const { code } of shown) {
      const upper = code.toUpperCase();
      if (states?.[code]?.missing.length) badges.push(`${upper} missing`);
      if (states?.[code]?.outdated.length) badges.push(`${upper} outdated`);
    }
    return badges;
  };
}
