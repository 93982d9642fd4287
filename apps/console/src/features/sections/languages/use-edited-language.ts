import { useState } from 'react';
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

/** The language starts as the address names it (`?locale=fr`: Site health links to a translation so), else the default. */
export function useEditedLanguage(): EditedLanguage {
  const languages = useEditLanguages();
  const [params] = useSearchParams();
  const [code, setCode] = useState<string | null>(params.get('locale'));
  return {
    languages,
    defaultLanguage: languages.find((locale) => locale.default),
    edited: languages.find((locale) => locale.code === code && !locale.default),
    choose: setCode,
  };
}
