import { useId } from 'react';
import type { Locale } from '@bursary/shared';
import { languageLabel } from '@/lib/locales-api';

/** Above an edit form: the language it edits ('English (default)', 'Français'). A native select, so the keyboard works. */
export function LanguageSwitcher({
  languages,
  value,
  onChange,
}: {
  languages: readonly Locale[];
  value: string;
  onChange: (code: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Language
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {languages.map((locale) => (
          <option key={locale.code} value={locale.code}>
            {languageLabel(locale)}
          </option>
        ))}
      </select>
    </div>
  );
}
