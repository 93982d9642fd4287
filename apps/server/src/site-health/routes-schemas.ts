import {
  SITE_HEALTH_CHECKS,
  SITE_HEALTH_SEVERITIES,
  type SiteHealthProblem,
  type SiteHealthReport,
} from '@bursary/shared';
import { ALWAYS, answer, contract, errors, type RouteApi, Shape } from '../lib/api-doc.ts';

/** The API declaration of the site-health route (site-health/routes.ts). */

const nullable = (type: string) => ({ type: [type, 'null'] });

const problem = new Shape(
  'SiteHealthProblem',
  contract<SiteHealthProblem>()(
    {
      check: { type: 'string', enum: [...SITE_HEALTH_CHECKS] },
      severity: { type: 'string', enum: [...SITE_HEALTH_SEVERITIES] },
      section: { ...nullable('string'), description: "The section's key, or null for a problem of the whole site" },
      id: { ...nullable('integer'), description: 'The record to fix, or null' },
      title: { type: 'string', description: "The record's title, the webhook's address or the account's name" },
      field: { ...nullable('string'), description: 'The field of the record to fix, or null' },
      message: { type: 'string', description: 'What is wrong and how to fix it, in a sentence' },
      locale: {
        type: 'string',
        description: 'The language to fix it in (missing-translation and outdated-translation only)',
      },
    },
    ['check', 'severity', 'section', 'id', 'title', 'field', 'message'],
  ),
);

const report = new Shape(
  'SiteHealthReport',
  contract<SiteHealthReport>()({
    checked_at: { type: 'string' },
    problems: { type: 'array', items: problem },
  }),
);

export const schemas = {
  report: {
    operationId: 'getSiteHealth',
    summary:
      "What is wrong with the website's content and where to fix it; backups and accounts only for administrators",
    token: true,
    answers: { 200: answer('The problems found, grouped by check', report), ...errors(...ALWAYS, 401) },
  },
} satisfies Record<string, RouteApi>;
