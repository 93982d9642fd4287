/** The wire shapes of GET /api/site-health: what is wrong with the website's content, and where to fix it. */

/** Every check, in the order the console groups them. */
export const SITE_HEALTH_CHECKS = [
  'broken-media',
  'broken-link',
  'schedule-failed',
  'webhook-failing',
  'backup-overdue',
  'missing-alt-text',
  'heading-order',
  'insecure-link',
  'empty-section',
  'admin-without-2fa',
  'vague-link-text',
  'draft-waiting',
  'stale-content',
  'missing-translation',
  'outdated-translation',
] as const;
export type SiteHealthCheck = (typeof SITE_HEALTH_CHECKS)[number];

/** `error`: the website shows something broken; `warning`: some visitors are let down; `notice`: worth a look. */
export const SITE_HEALTH_SEVERITIES = ['error', 'warning', 'notice'] as const;
export type SiteHealthSeverity = (typeof SITE_HEALTH_SEVERITIES)[number];

export interface SiteHealthProblem {
  check: SiteHealthCheck;
  severity: SiteHealthSeverity;
  /** The section's key (its slug), or null for a problem of the whole site (a webhook, a backup, an account). */
  section: string | null;
  /** The record to fix, or null. */
  id: number | null;
  /** What the problem is about: the record's title, the webhook's address, the account's name. */
  title: string;
  /** The field of the record to fix, or null. */
  field: string | null;
  /** A sentence that says what is wrong and how to fix it. */
  message: string;
  /** The language to fix it in (translation problems only): the edit screen opens in it. */
  locale?: string;
}

export interface SiteHealthReport {
  checked_at: string;
  problems: SiteHealthProblem[];
}
