import { LabelledSelect } from '@/components/labelled-select';
import { languageLabel } from '@/lib/locales-api';
import type { EditedLanguage } from './use-edited-language';

/**
 * Above an edit form, with two or more languages: the language it edits ('English (default)', 'Français'). Nothing
 * with one language.
 */
export function LanguageSwitcher({
  language,
  onChange = language.choose,
}: {
  language: EditedLanguage;
  onChange?: (code: string) => void;
}) {
  const { languages, defaultLanguage, edited } = language;
  if (!defaultLanguage) return null;
  return (
    <LabelledSelect label="Language" value={(edited ?? defaultLanguage).code} onChange={onChange}>
      {languages.map((locale) => (
        <option key={locale.code} value={locale.code}>
          {languageLabel(locale)}
        </option>
      ))}
    </LabelledSelect>
  );
}
