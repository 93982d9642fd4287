import { createContext, useContext } from 'react';
import type { SectionRecord } from '@bursary/shared';
import { useEditLanguages } from '@/lib/locales-api';
import { translationsOf } from './translated-values';

/**
 * One language badge of a record: a gap on the website ('{CODE} missing', '{CODE} outdated'), or that language's
 * changes waiting to be published ('{CODE} unpublished changes').
 */
interface LanguageBadge {
  text: string;
  waiting: boolean;
}

/** The language badges of one record. */
type LanguageBadgesOf = (record: SectionRecord) => LanguageBadge[];

const none: LanguageBadgesOf = () => [];

/** Given by a list page; a record's badges elsewhere (its edit screen's banner) name no language. */
export const LanguageBadgesContext = createContext<LanguageBadgesOf>(none);

export const useLanguageBadges = (record: SectionRecord) => useContext(LanguageBadgesContext)(record);

/** The languages whose changes wait on a record, as a signed-in list with `status=all` tells it. */
function waitingLocalesOf(record: SectionRecord): ReadonlySet<string> {
  const value = record.waiting_locales;
  return new Set(Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : []);
}

/**
 * Which public languages each listed record is missing or has outdated, and which languages but the default have
 * changes waiting on it, as the record itself tells it (`translations` and `waiting_locales`, which a signed-in list
 * with `status=all` carries once the website has two or more languages): section lists and paged ones alike. The
 * waiting changes are named for any language, public or not yet: a list in the default language shows nothing else
 * of them.
 */
export function useLanguageBadgesOf(): LanguageBadgesOf {
  const languages = useEditLanguages().filter((locale) => !locale.default);
  if (languages.length === 0) return none;
  return (record) => {
    const states = translationsOf(record);
    const waiting = waitingLocalesOf(record);
    const badges: LanguageBadge[] = [];
    for (const { code, public: shown } of languages) {
      const upper = code.toUpperCase();
      if (shown && states?.[code]?.missing.length) badges.push({ text: `${upper} missing`, waiting: false });
      if (shown && states?.[code]?.outdated.length) badges.push({ text: `${upper} outdated`, waiting: false });
      if (waiting.has(code)) badges.push({ text: `${upper} unpublished changes`, waiting: true });
    }
    return badges;
  };
}
