import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { formatZoned } from '@/lib/zoned-time';
import { scheduleEditPath, type ScheduleItem, scheduleOverviewQuery } from '@/lib/schedules-api';

/** The dashboard shows the next few scheduled actions; the record's edit screen has the rest. */
const SHOWN = 5;

const actionWord = (item: ScheduleItem) => (item.action === 'unpublish' ? 'Unpublish' : 'Publish');

function ItemLink({ item }: { item: ScheduleItem }) {
  return (
    <Link to={scheduleEditPath(item)} className="font-medium underline-offset-4 hover:underline">
      {item.title || `${item.section} ${item.record_id}`}
    </Link>
  );
}

function ScheduleList({
  title,
  items,
  empty,
  failed,
}: {
  title: string;
  items: ScheduleItem[];
  empty: string;
  failed?: boolean;
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-3">
            {items.slice(0, SHOWN).map((item) => (
              <li key={item.id} className="grid gap-0.5 text-sm">
                <ItemLink item={item} />
                <span className="text-muted-foreground">
                  {actionWord(item)} · {formatZoned(item.due_at)}
                </span>
                {failed && <span className="text-red-800 dark:text-red-200">{item.reason ?? 'No reason given'}</span>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What is scheduled to publish or unpublish next, and what failed, each linking to the record's edit screen. */
export function ScheduleSection() {
  const token = useSession()?.token ?? null;
  const schedules = useQuery({ ...scheduleOverviewQuery(), enabled: token !== null });
  return (
    <section aria-labelledby="schedule-heading" className="grid gap-4">
      <h2 id="schedule-heading" className="text-xl font-semibold">
        Publishing schedule
      </h2>
      {schedules.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : schedules.isError ? (
        <p className="text-sm text-muted-foreground">The schedule could not be read: {schedules.error.message}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <ScheduleList title="Scheduled next" items={schedules.data.upcoming} empty="Nothing is scheduled." />
          <ScheduleList title="Failed" items={schedules.data.failed} empty="No scheduled action has failed." failed />
        </div>
      )}
    </section>
  );
}
