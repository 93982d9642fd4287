import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  SITE_HEALTH_CHECKS,
  type SiteHealthCheck,
  type SiteHealthProblem,
  type SiteHealthSeverity,
} from '@bursary/shared/site-health';
import { findSection } from '@bursary/shared/sections';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState, ErrorPanel, ListLoading } from '@/components/list-states';
import { formatDate } from '@/lib/format-date';
import { CHECK_NAMES, fieldLabel, problemPath, siteHealthQuery } from '@/lib/site-health-api';
import { SEVERITY_NAMES, SiteHealthFilters, WHOLE_SITE } from './site-health-filters';

/** Problems shown per check before 'Show all': a site with years of untouched content can have thousands. */
const SHOWN = 50;

const SEVERITY_BADGES: Record<SiteHealthSeverity, 'red' | 'blue' | 'grey'> = {
  error: 'red',
  warning: 'blue',
  notice: 'grey',
};

const sectionOf = (problem: SiteHealthProblem) => problem.section ?? WHOLE_SITE;
const isCheck = (value: string | null): value is SiteHealthCheck =>
  value !== null && (SITE_HEALTH_CHECKS as readonly string[]).includes(value);

function ProblemRow({ problem }: { problem: SiteHealthProblem }) {
  const path = problemPath(problem);
  const section = problem.section ? findSection(problem.section) : undefined;
  const name = problem.title || section?.label || 'Untitled';
  const field = fieldLabel(problem);
  return (
    <li className="grid min-w-0 gap-1 border-b p-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={SEVERITY_BADGES[problem.severity]}>{SEVERITY_NAMES[problem.severity]}</Badge>
        {path ? (
          <Link to={path} className="font-medium wrap-anywhere underline underline-offset-4">
            {name}
          </Link>
        ) : (
          <span className="font-medium wrap-anywhere">{name}</span>
        )}
        {section && <span className="text-sm text-muted-foreground">{section.label}</span>}
        {field && <span className="text-sm text-muted-foreground">Field: {field}</span>}
      </div>
      <p className="text-sm wrap-anywhere">{problem.message}</p>
    </li>
  );
}

function CheckGroup({ check, problems }: { check: SiteHealthCheck; problems: SiteHealthProblem[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? problems : problems.slice(0, SHOWN);
  const headingId = `check-${check}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {CHECK_NAMES[check]} <span className="text-muted-foreground">({problems.length.toLocaleString('en-US')})</span>
      </h2>
      <Card>
        <CardContent className="p-0">
          <ul>
            {shown.map((problem) => (
              <ProblemRow
                key={`${problem.section}:${problem.id}:${problem.field}:${problem.message}`}
                problem={problem}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
      {shown.length < problems.length && (
        <Button variant="outline" className="justify-self-start" onClick={() => setAll(true)}>
          Show all {problems.length.toLocaleString('en-US')}
        </Button>
      )}
    </section>
  );
}

/**
 * What is wrong with the website's content, grouped by check, each problem linking to the field that fixes it.
 * The filters live in the address, so the dashboard's counts can open the page at one check.
 */
export function SiteHealthPage() {
  const health = useQuery(siteHealthQuery());
  const [params, setParams] = useSearchParams();
  const check = params.get('check');
  const section = params.get('section') ?? '';
  const severity = params.get('severity') ?? '';
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const problems = health.data?.problems ?? [];
  const sections = [...new Set(problems.map(sectionOf))];
  const shown = problems.filter(
    (problem) =>
      (!isCheck(check) || problem.check === check) &&
      (section === '' || sectionOf(problem) === section) &&
      (severity === '' || problem.severity === severity),
  );
  const groups = SITE_HEALTH_CHECKS.map((c) => [c, shown.filter((p) => p.check === c)] as const).filter(
    ([, list]) => list.length > 0,
  );

  let body;
  if (health.isPending) body = <ListLoading noun="the site health" />;
  else if (health.isError) body = <ErrorPanel noun="the site health" error={health.error} />;
  else if (problems.length === 0)
    body = (
      <EmptyState
        title="All is well"
        text="No problems found in the website's content. Bursary checks every change as it is saved."
      />
    );
  else if (groups.length === 0)
    body = <EmptyState title="No problems match" text="No problem matches these filters. Choose others to see more." />;
  else body = groups.map(([c, list]) => <CheckGroup key={c} check={c} problems={list} />);

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Site health</h1>
          <p className="text-muted-foreground">
            What is wrong with the website's content, and where to fix it.
            {health.data && ` Checked ${formatDate(health.data.checked_at)}.`}
          </p>
        </div>
        <Button variant="outline" disabled={health.isFetching} onClick={() => void health.refetch()}>
          {health.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {problems.length > 0 && (
        <div className="flex flex-wrap items-center gap-4">
          <SiteHealthFilters
            sections={sections}
            section={section}
            severity={severity}
            onSection={(value) => setParam('section', value)}
            onSeverity={(value) => setParam('severity', value)}
          />
          {isCheck(check) && (
            <Button variant="outline" onClick={() => setParam('check', '')}>
              Show every check
            </Button>
          )}
        </div>
      )}
      {body}
    </div>
  );
}
