import type { SectionDef } from '@bursary/shared';
import { ALWAYS, answer, BODY, errors, idParams, type Json, type RouteApi, Shape } from '../lib/api-doc.ts';
import { RECENT_DONE } from './schedule-store.ts';
import { operationNames } from '../records/operation-names.ts';
import { noWriteQuery } from '../records/write-query.ts';

/** The API declarations of the schedule routes (publishing/schedule-routes.ts). */

const time = (description: string) => ({ type: 'string', description });
const nullable = (type: string) => ({ type: [type, 'null'] });

const scheduleItem = new Shape('Schedule', {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'section',
    'record_id',
    'title',
    'action',
    'due_at',
    'state',
    'reason',
    'set_by',
    'set_at',
    'finished_at',
  ],
  properties: {
    id: { type: 'integer' },
    section: { type: 'string' },
    record_id: { type: 'integer' },
    title: { type: ['string', 'null'], description: "The record's title now; null once the record is deleted" },
    action: { type: 'string', enum: ['publish', 'unpublish'] },
    due_at: time('When it runs (UTC)'),
    state: { type: 'string', enum: ['pending', 'done', 'failed'] },
    reason: { ...nullable('string'), description: 'Why a failed one failed' },
    set_by: { type: 'string' },
    set_at: time('When it was set (UTC)'),
    finished_at: { ...nullable('string'), description: 'When it ran or failed (UTC)' },
  },
});

const recordSchedule = new Shape('RecordSchedule', {
  type: 'object',
  additionalProperties: false,
  required: ['pending', 'last_failed'],
  properties: {
    pending: { type: 'array', items: scheduleItem },
    last_failed: { anyOf: [scheduleItem, { type: 'null' }], description: "The record's last schedule that failed" },
  },
});

const overview = new Shape('Schedules', {
  type: 'object',
  additionalProperties: false,
  required: ['upcoming', 'failed', 'done'],
  properties: {
    upcoming: { type: 'array', items: scheduleItem, description: 'Pending, soonest first' },
    failed: { type: 'array', items: scheduleItem, description: 'Failed, latest first, each with its reason' },
    done: { type: 'array', items: scheduleItem, description: `The last ${RECENT_DONE} that ran, latest first` },
  },
});

const offsetTime = (field: string): Json => ({
  type: ['string', 'null'],
  maxLength: 40,
  description: `When to ${field}: ISO 8601 with an offset (e.g. 2026-12-01T09:00:00+01:00), in the future`,
});
const scheduleBody = {
  type: 'object',
  additionalProperties: false,
  properties: { publish_at: offsetTime('publish'), unpublish_at: offsetTime('unpublish') },
  description: 'At least one; unpublish_at after publish_at when both. Replaces what was scheduled.',
};

/** The declarations of one section's schedule routes. */
export function scheduleSchemas(section: SectionDef) {
  const tags = [section.label];
  const single = section.kind === 'single';
  const params = single ? {} : { params: idParams };
  const which = single ? `the ${section.singular}` : `a ${section.singular}`;
  const { target } = operationNames(section, single);
  return {
    get: {
      operationId: `get${target}Schedule`,
      tags,
      summary: `What is scheduled for ${which}`,
      token: true,
      ...params,
      answers: {
        200: answer('Pending schedules and the last that failed', recordSchedule),
        ...errors(...ALWAYS, 401, 404),
      },
    },
    put: {
      operationId: `schedule${target}`,
      tags,
      summary: `Schedule ${which} to be published or unpublished`,
      token: true,
      ...params,
      query: noWriteQuery,
      body: scheduleBody,
      answers: { 200: answer('Scheduled', recordSchedule), ...errors(...ALWAYS, ...BODY, 401, 404) },
    },
    delete: {
      operationId: `cancel${target}Schedule`,
      tags,
      summary: `Cancel what is scheduled for ${which}`,
      token: true,
      ...params,
      query: noWriteQuery,
      answers: { 200: answer('Cancelled', recordSchedule), ...errors(...ALWAYS, ...BODY, 401, 404) },
    },
  } satisfies Record<string, RouteApi>;
}

export const overviewSchema: RouteApi = {
  operationId: 'listSchedules',
  tags: ['Publishing'],
  summary: 'Every schedule: upcoming, failed and recently done',
  token: true,
  answers: { 200: answer('Schedules', overview), ...errors(...ALWAYS, 401) },
};
