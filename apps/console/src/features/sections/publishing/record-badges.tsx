import type { SectionRecord } from '@bursary/shared';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { badgesOf, type RecordBadge } from '@/lib/publishing';
import { useContext } from 'react';
import { LanguageBadgesContext, useLanguageBadges } from '@/features/sections/languages/language-badges';

const VARIANT: Record<RecordBadge, NonNullable<BadgeProps['variant']>> = {
  Draft: 'grey',
  'Unpublished changes': 'blue',
  Scheduled: 'green',
};

/**
 * A record's 'Draft', 'Unpublished changes' and 'Scheduled' badges, and in a list the public languages it lacks ('FR
 * missing') and the languages whose changes wait ('FR unpublished changes'); nothing for a live record with nothing
 * pending.
 */
export function RecordBadges({ record }: { record: SectionRecord }) {
  const badges = badgesOf(record);
  const languages = useLanguageBadges(record);
  if (badges.length === 0 && languages.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <Badge key={badge} variant={VARIANT[badge]}>
          {badge}
        </Badge>
      ))}
      {languages.map((badge) => (
        // a language's waiting changes are news like 'Unpublished changes'; a missing or outdated text is a gap
        <Badge key={badge.text} variant={badge.waiting ? 'blue' : 'red'}>
          {badge.text}
        </Badge>
      ))}
    </span>
  );
}

/** Whether any of these records shows a badge: a list then gives every record its badges' line or column. */
export function useAnyRecordBadges(records: readonly SectionRecord[]): boolean {
  const languageBadgesOf = useContext(LanguageBadgesContext);
  return records.some((record) => badgesOf(record).length > 0 || languageBadgesOf(record).length > 0);
}
