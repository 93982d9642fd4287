import type { ReactNode } from 'react';
import type { Locale } from '@bursary/shared';
import { languageLabel } from '@/lib/locales-api';

interface DefaultLanguageTextProps {
  /** The field's label: the note is named '{label} in English (default)'. */
  label: string;
  defaultLocale: Locale;
  children: ReactNode;
}

/**
 * The default language's text beside a field edited in another language: the reference a translator works from, read
 * in its own language by screen readers.
 */
export function DefaultLanguageText({ label, defaultLocale, children }: DefaultLanguageTextProps) {
  return (
    <div
      role="note"
      aria-label={`${label} in ${languageLabel(defaultLocale)}`}
      lang={defaultLocale.code}
      className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm"
    >
      <span className="font-medium text-muted-foreground">{languageLabel(defaultLocale)}</span>
      {children}
    </div>
  );
}
