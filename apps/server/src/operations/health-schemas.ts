import type { HealthResponse } from '@bursary/shared';
import { answer, contract, errors, errorShape, retryAfter, type RouteApi } from '../lib/api-doc.ts';

/** What GET /api/health answers: its status, and the checks behind it for the metrics token or an administrator. */
const healthBody = (status: HealthResponse['status']) =>
  contract<HealthResponse>()(
    {
      status: { type: 'string', enum: [status] },
      checks: contract<HealthResponse['checks']>()({
        database: { type: 'string', enum: ['ok', 'unreachable'] },
        migrations: { type: 'string', enum: ['current', 'pending', 'newer', 'unknown'] },
      }),
    },
    ['status'],
  );

/** The API declaration of GET /api/health (operations/health.ts). */
export const healthApi: RouteApi = {
  operationId: 'getHealth',
  summary:
    "Health: the database answers and this server's migrations have run (the checks only for the METRICS_TOKEN or an administrator's token)",
  answers: {
    200: answer('Up', healthBody('ok')),
    ...errors(400),
    503: answer(
      'Down (the checks say why), or the server is closing',
      { oneOf: [healthBody('unavailable'), errorShape] },
      retryAfter,
    ),
  },
};
