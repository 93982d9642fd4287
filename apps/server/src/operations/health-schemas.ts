import { answer, errors, errorShape, retryAfter, type RouteApi } from '../lib/api-doc.ts';

/** What GET /api/health answers: its status and the checks behind it. */
const healthBody = (status: 'ok' | 'unavailable') => ({
  type: 'object', required: ['status', 'checks'], additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [status] },
    checks: {
      type: 'object', required: ['database', 'migrations'], additionalProperties: false,
      properties: {
        database: { type: 'string', enum: ['ok', 'unreachable'] },
        migrations: { type: 'string', enum: ['current', 'pending', 'newer', 'unknown'] },
      },
    },
  },
});

/** The API declaration of GET /api/health (operations/health.ts). */
export const healthApi: RouteApi = {
  summary: 'Health: the database answers and this server\'s migrations have run',
  answers: {
    200: answer('Up', healthBody('ok')),
    ...errors(400),
    503: answer('Down (the checks say why), or the server is closing', { oneOf: [healthBody('unavailable'), errorShape] }, retryAfter),
  },
};
