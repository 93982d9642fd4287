import type * as React from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { ContentList, DifferenceList, NO_DIFFERENCES } from '@/components/difference-views';
import { languageLabel, useLocales } from '@/lib/locales-api';
import { type LanguageDifferences, translationsOfVersion, versionContent, versionContentIn } from '@/lib/record-diff';

/**
 * A language as a heading names it ('English (default)', 'Français'; the code of one since deleted), and the order the
 * Languages page lists them in.
 */
function useLanguageNames() {
  const { data: locales = [] } = useLocales();
  const find = (code: string | null) => locales.find((l) => (code === null ? l.default : l.code === code));
  const name = (code: string | null) => {
    const locale = find(code);
    return locale ? languageLabel(locale) : (code ?? 'Default language');
  };
  const rank = (code: string | null) => {
    const locale = find(code);
    return code === null ? -1 : locale ? locales.indexOf(locale) : locales.length;
  };
  return {
    name,
    inOrder: <T extends { code: string | null }>(list: T[]) => list.sort((a, b) => rank(a.code) - rank(b.code)),
  };
}

function LanguageSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * What changed since a version: field by field, under each language that changed when the record has more than one;
 * exactly as with one language otherwise.
 */
export function LanguageDifferenceList({ groups }: { groups: LanguageDifferences[] }) {
  const { name, inOrder } = useLanguageNames();
  if (groups.length <= 1) return <DifferenceList differences={groups[0]?.differences ?? []} />;
  const changed = inOrder(groups.filter((group) => group.differences.length > 0));
  if (changed.length === 0) return <p className="text-muted-foreground">{NO_DIFFERENCES}</p>;
  return (
    <div className="grid gap-6">
      {changed.map((group) => (
        <LanguageSection key={group.code ?? ''} title={name(group.code)}>
          <DifferenceList differences={group.differences} label={`Differences in ${name(group.code)}`} Heading="h4" />
        </LanguageSection>
      ))}
    </div>
  );
}

/** A deleted record's version: its content, and its text in each other language it had. */
export function LanguageContentList({ section, version }: { section: SectionDef; version: SectionRecord }) {
  const { name, inOrder } = useLanguageNames();
  const codes = Object.keys(translationsOfVersion(version));
  if (codes.length === 0) return <ContentList content={versionContent(section, version)} />;
  return (
    <div className="grid gap-6">
      {inOrder([null, ...codes].map((code) => ({ code }))).map(({ code }) => (
        <LanguageSection key={code ?? ''} title={name(code)}>
          <ContentList
            content={code === null ? versionContent(section, version) : versionContentIn(section, version, code)}
          />
        </LanguageSection>
      ))}
    </div>
  );
}
