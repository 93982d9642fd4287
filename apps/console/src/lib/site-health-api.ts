import { queryOptions } from '@tanstack/react-query';
import type { SiteHealthCheck, SiteHealthProblem, SiteHealthReport } from '@bursary/shared/site-health';
import { findSection } from '@bursary/shared/sections';
import { ALT_FIELD_SUFFIX } from '@bursary/shared/media';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Each check's name as the console shows it, in the order the server groups them. */
export const CHECK_NAMES: Record<SiteHealthCheck, string> = {
  'broken-media': 'Missing images',
  'broken-link': 'Broken links',
  'schedule-failed': 'Failed schedules',
  'webhook-failing': 'Failing webhooks',
  'backup-overdue': 'Overdue backups',
  'missing-alt-text': 'Missing alternative text',
  'heading-order': 'Skipped heading levels',
  'insecure-link': 'Insecure links',
  'empty-section': 'Empty sections',
  'admin-without-2fa': 'Administrators without two-factor sign-in',
  'vague-link-text': 'Vague link text',
  'draft-waiting': 'Changes waiting',
  'stale-content': 'Content not updated',
  'missing-translation': 'Missing translations',
  'outdated-translation': 'Outdated translations',
};

export function siteHealthQuery() {
  return queryOptions({
    queryKey: queryKeys.siteHealth(),
    queryFn: async ({ signal }): Promise<SiteHealthReport> =>
      (await apiRequest<SiteHealthReport>('GET', '/api/site-health', { signal, auth: true })).data,
    // others' changes and the background checks move it: a page left open reads it again when looked at
    refetchOnWindowFocus: 'always',
  });
}

/**
 * Where a problem is fixed: the record's edit screen with the field to focus (in the problem's language, for a
 * translation), or the screen that fixes the rest.
 */
export function problemPath(problem: SiteHealthProblem): string | undefined {
  if (problem.check === 'webhook-failing') return '/webhooks';
  if (problem.check === 'admin-without-2fa') return '/users';
  const section = problem.section ? findSection(problem.section) : undefined;
  if (!section) return undefined;
  const path =
    section.kind === 'single' || problem.id === null ? `/${section.slug}/edit` : `/${section.slug}/edit/${problem.id}`;
  if (!problem.field) return path;
  // missing alternative text is fixed in the 'Alternative text' input beside the image, not in its file picker
  const field = problem.check === 'missing-alt-text' ? `${problem.field}${ALT_FIELD_SUFFIX}` : problem.field;
  const language = problem.locale ? `&locale=${encodeURIComponent(problem.locale)}` : '';
  return `${path}?field=${encodeURIComponent(field)}${language}`;
}

/** The label of the field a problem names, as the edit screen shows it. */
export function fieldLabel(problem: SiteHealthProblem): string | undefined {
  if (!problem.section || !problem.field) return undefined;
  return findSection(problem.section)?.fields[problem.field]?.label ?? problem.field;
}
