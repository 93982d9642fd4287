import { useQuery } from '@tanstack/react-query';
import type { Locale, SectionDef, SectionRecord } from '@bursary/shared';
import { PublishingBanner } from '@/features/sections/publishing/publishing-banner';
import { recordInLanguageQuery } from './translations-api';

interface LanguageBannerProps {
  section: SectionDef;
  /** The record as the default language's edit screen read it. */
  record: SectionRecord;
  /** The language edited: not the default one. */
  locale: Locale;
  onChanged: () => void;
}

/**
 * The publishing banner of a record edited in another language: its waiting changes, Publish, Discard changes and
 * Preview are that language's, with the same words as the default language's. Until that language's state is read,
 * the banner tells the record's own.
 */
export function LanguageBanner({ section, record, locale, onChanged }: LanguageBannerProps) {
  const id = section.kind === 'collection' ? record.id : 'single';
  const read = useQuery(recordInLanguageQuery(section, id, locale.code));
  const live = read.data?.live?.record ?? { ...record, has_changes: false };
  return (
    <PublishingBanner
      section={section}
      record={live}
      pending={read.data?.waiting?.record ?? null}
      canEdit
      onChanged={onChanged}
      locale={locale.code}
    />
  );
}
