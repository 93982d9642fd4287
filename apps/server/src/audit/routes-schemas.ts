import { type LogDetail, type LogEntry, type LogSummary, LOGS_MAX_LIMIT } from '@bursary/shared';
import { ALWAYS, answer, contract, errors, type RouteApi, type Schema, Shape, totalCount } from '../lib/api-doc.ts';
import { pageQuery } from '../lib/query.ts';
import { z } from 'zod';

export const logsPage = z.object(pageQuery(LOGS_MAX_LIMIT));

/** The API declarations of the audit log's routes (audit/routes.ts). */

const logEntryProperties: { [K in keyof LogEntry]-?: Schema } = {
  id: { type: 'integer' },
  action: { type: 'string', enum: ['create', 'update', 'delete'] },
  content: { type: 'string' },
  section: { type: 'string' },
  record_id: { type: ['integer', 'null'] },
  username: { type: 'string' },
  created_at: { type: 'string' },
  updated_at: { type: 'string' },
  revision_id: {
    type: ['integer', 'null'],
    description: 'The revision the change stored; null for rows older than history',
  },
};
const logEntry = new Shape('LogEntry', contract<LogEntry>()(logEntryProperties));
const logDetail = new Shape(
  'LogDetail',
  contract<LogDetail>()({
    ...logEntryProperties,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'before', 'after'],
        additionalProperties: false,
        properties: {
          field: { type: 'string' },
          item_id: {
            type: 'integer',
            description: 'The sub-item changed, added (before null) or removed (after null)',
          },
          locale: {
            type: 'string',
            description: 'The language of a translated text changed, when it is not the default language',
          },
          before: {},
          after: {},
        },
      },
    },
  }),
);
const logSummary = new Shape(
  'LogSummary',
  contract<LogSummary>()({ total: { type: 'integer', minimum: 0 }, last_updated_at: { type: ['string', 'null'] } }),
);

export const schemas = {
  list: {
    operationId: 'listLogs',
    summary: 'Audit log, newest first (100 without parameters)',
    token: true,
    query: logsPage,
    answers: {
      200: answer('Log rows; X-Total-Count holds the total', { type: 'array', items: logEntry }, totalCount),
      ...errors(...ALWAYS, 401),
    },
  },
  one: {
    operationId: 'getLog',
    summary: 'One log row with what its change did, against the version before it',
    token: true,
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    answers: { 200: answer('The log row and its changes', logDetail), ...errors(...ALWAYS, 401, 404) },
  },
  summary: {
    operationId: 'getLogSummary',
    summary: 'Count and latest change',
    token: true,
    answers: { 200: answer('Summary', logSummary), ...errors(...ALWAYS, 401) },
  },
} satisfies Record<string, RouteApi>;
