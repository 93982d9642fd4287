import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SITE_HEALTH_CHECKS, type SiteHealthCheck } from '@bursary/shared/site-health';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { CHECK_NAMES, siteHealthQuery } from '@/lib/site-health-api';

/** How many problems each check found; each count opens the Site health page at that check. */
export function SiteHealthCard() {
  const token = useSession()?.token ?? null;
  const health = useQuery({ ...siteHealthQuery(), enabled: token !== null });
  const counts = new Map<SiteHealthCheck, number>();
  for (const problem of health.data?.problems ?? []) counts.set(problem.check, (counts.get(problem.check) ?? 0) + 1);
  const found = SITE_HEALTH_CHECKS.filter((check) => counts.has(check));
  return (
    <section aria-labelledby="site-health-heading" className="grid gap-4">
      <h2 id="site-health-heading" className="text-xl font-semibold">
        Site health
      </h2>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h3" className="text-base">
            {health.data ? problemsFound(health.data.problems.length) : 'Problems found'}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {health.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : health.isError ? (
            <p className="text-sm text-muted-foreground">The site health could not be read: {health.error.message}</p>
          ) : found.length === 0 ? (
            <p className="text-sm text-muted-foreground">All is well: no problems found in the website's content.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {found.map((check) => (
                <li key={check}>
                  <Link
                    to={`/site-health?check=${check}`}
                    className="text-sm font-medium underline-offset-4 hover:underline"
                  >
                    {CHECK_NAMES[check]} <span className="tabular-nums">({counts.get(check)})</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

// a check's name is a plural noun ('Failing webhooks'), so its count follows it as on the Site health page
const problemsFound = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'problem' : 'problems'} found`;
