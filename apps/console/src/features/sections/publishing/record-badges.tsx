import type { SectionRecord } from '@bursary/shared';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { badgesOf, type RecordBadge } from '@/lib/publishing';

const VARIANT: Record<RecordBadge, NonNullable<BadgeProps['variant']>> = {
  Draft: 'grey',
  'Unpublished changes': 'blue',
  Scheduled: 'green',
};

/** A record's 'Draft', 'Unpublished changes' and 'Scheduled' badges; nothing for a live record with nothing pending. */
export function RecordBadges({ record }: { record: SectionRecord }) {
  const badges = badgesOf(record);
  if (badges.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <Badge key={badge} variant={VARIANT[badge]}>
          {badge}
        </Badge>
      ))}
    </span>
  );
}
