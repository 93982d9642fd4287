import { useSearchParams } from 'react-router';
import type { Locale } from '@bursary/shared';
import { useEditLanguages } from '@/lib/locales-api';

/** What an edit form's 'Language' switcher needs: the languages, when there are two or more, and the one chosen. */
export interface EditedLanguage {
  /** Every language, the default first; empty with one language, when no switcher is shown. */
  languages: Locale[];
  defaultLanguage: Locale | undefined;
  /** The language chosen, when it is not the default one: the form then edits that language's text. */
  edited: Locale | undefined;
  choose: (code: string) => void;
}

const PARAM = 'locale';

/**
 * The language is the address's (`?locale=fr`: Site health links to a translation so), else the default. Kept in the
 * address rather than in the component, so a list that mounts its editor again after a save (the Steps list) stays
 * in the language edited; the choice replaces the address, and the back button does not walk through languages.
 */
export function useEditedLanguage(): EditedLanguage {
  const languages = useEditLanguages();
  const [params, setParams] = useSearchParams();
  const code = params.get(PARAM);
  const defaultLanguage = languages.find((locale) => locale.default);
  return {
    languages,
    defaultLanguage,
    edited: languages.find((locale) => locale.code === code && !locale.default),
    choose: (next) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next === defaultLanguage?.code) changed.delete(PARAM);
          else changed.set(PARAM, next);
          return changed;
        },
        { replace: true },
      ),
  };
}
