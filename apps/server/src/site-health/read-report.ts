import { SITE_HEALTH_CHECKS, findSection, type SiteHealthProblem, type SiteHealthReport } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { RecordProblem } from './record-checks.ts';
import type { SiteCheckOptions } from './check-options.ts';
import { siteProblems } from './site-checks.ts';

const CHECK_ORDER = new Map<string, number>(SITE_HEALTH_CHECKS.map((check, index) => [check, index]));

/** The problems stored by the writes of each record, beside its section, id and title. */
async function storedProblems(db: Db): Promise<SiteHealthProblem[]> {
  const rows = await db.selectFrom('site_health_records').selectAll().execute();
  return rows.flatMap((row) =>
    (JSON.parse(row.problems) as RecordProblem[]).map((problem) => ({
      check: problem.check,
      severity: problem.severity,
      section: row.section,
      id: Number(row.record_id),
      title: row.title,
      field: problem.field,
      message: problem.message,
      ...(problem.locale !== undefined ? { locale: problem.locale } : {}),
    })),
  );
}

/**
 * Links the checker found broken on two days in a row, where the content still has them (a record's writes keep its
 * links current, so a link removed or corrected is gone from here at once).
 */
async function brokenLinks(db: Db): Promise<SiteHealthProblem[]> {
  const rows = await db
    .selectFrom('record_links as l')
    .innerJoin('link_checks as c', 'c.url', 'l.url')
    .select(['l.section', 'l.record_id', 'l.field', 'l.title', 'l.url', 'c.error', 'c.failed_days'])
    .where('c.broken', '=', 1)
    .execute();
  return rows.map((row) => {
    const label = findSection(row.section)?.fields[row.field]?.label ?? row.field;
    return {
      check: 'broken-link',
      severity: 'error',
      section: row.section,
      id: Number(row.record_id),
      title: row.title,
      field: row.field,
      message: `A link in "${label}" goes to ${row.url}, which has not worked on ${Number(row.failed_days)} days in a row: ${row.error ?? 'it did not answer'}. Correct the address, or remove the link.`,
    };
  });
}

/** Grouped by check in their fixed order, then by section and record, so the same state always reads the same. */
function byCheckThenPlace(a: SiteHealthProblem, b: SiteHealthProblem): number {
  return (
    (CHECK_ORDER.get(a.check) ?? 0) - (CHECK_ORDER.get(b.check) ?? 0) ||
    (a.section ?? '').localeCompare(b.section ?? '') ||
    (a.id ?? 0) - (b.id ?? 0) ||
    (a.field ?? '').localeCompare(b.field ?? '') ||
    (a.locale ?? '').localeCompare(b.locale ?? '')
  );
}

/** The site's health as one reader may see it: stored record problems and the site-wide checks made now. */
export async function readSiteHealth(db: Db, options: SiteCheckOptions): Promise<SiteHealthReport> {
  const problems = [...(await storedProblems(db)), ...(await siteProblems(db, options))];
  if (options.linkCheck) problems.push(...(await brokenLinks(db)));
  return { checked_at: options.now.toISOString(), problems: problems.sort(byCheckThenPlace) };
}
