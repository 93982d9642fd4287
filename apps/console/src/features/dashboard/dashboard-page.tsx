import { BRAND } from '@/components/brand';
import { useSession } from '@/lib/session';
import { LogsSection } from './logs-section';
import { OverviewCards } from './overview-cards';
import { ScheduleSection } from './schedule-section';
import { SiteHealthCard } from './site-health-card';

/** The dashboard: a greeting, the three overview cards, the publishing schedule, the site's health and the latest logs. */
export function DashboardPage() {
  const session = useSession();
  return (
    <div className="mx-auto grid max-w-[1400px] gap-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Hello {session?.user.name}</h1>
        <p className="text-muted-foreground">Welcome to your {BRAND} CMS dashboard</p>
      </div>
      <OverviewCards />
      <ScheduleSection />
      <SiteHealthCard />
      <LogsSection />
    </div>
  );
}
