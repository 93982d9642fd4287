import { LabelledSelect } from '@/components/labelled-select';
import { languageLabel } from '@/lib/locales-api';
import { useMayDropUnsavedEdits } from '../form/unsaved-edits';
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

/**
 * The switcher of an edit screen: another language shows another form, so a form holding unsaved edits asks first,
 * with the question leaving the screen asks, and stays as it is unless the editor agrees.
 */
export function EditLanguageSwitcher({ language }: { language: EditedLanguage }) {
  const mayDrop = useMayDropUnsavedEdits();
  return <LanguageSwitcher language={language} onChange={(code) => mayDrop() && language.choose(code)} />;
}
