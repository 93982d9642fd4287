import { LOGS_MAX_LIMIT, type Revision, type SectionDef, type TrashEntry } from '@bursary/shared';
import {
  ALWAYS,
  answer,
  BODY,
  contract,
  errors,
  etag,
  idParams,
  ifMatch,
  type RouteApi,
  Shape,
  totalCount,
  staleWrite,
} from '../lib/api-doc.ts';
import { pageQuery } from '../lib/query.ts';
import { z } from 'zod';
import { operationNames } from '../records/operation-names.ts';

/** History pages and the trash are paged as the audit log is. */
export const historyPage = z.object(pageQuery(LOGS_MAX_LIMIT));

/** The API declarations of the history routes (history/routes.ts). */

function revisionShape(section: SectionDef): Shape {
  return new Shape(
    `Revision.${section.slug}`,
    contract<Revision>()({
      id: { type: 'integer' },
      action: { type: 'string', enum: ['create', 'update', 'delete', 'restore'] },
      username: { type: 'string' },
      created_at: { type: 'string' },
      log_id: { type: ['integer', 'null'] },
      record: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer', minimum: 1 } },
        description: `The ${section.singular} after the change (for a delete, as it was), as the API answered it then`,
      },
    }),
  );
}

const trashEntryShape = new Shape(
  'TrashEntry',
  contract<TrashEntry>()({
    section: { type: 'string' },
    record_id: { type: 'integer' },
    title: { type: 'string' },
    username: { type: 'string' },
    deleted_at: { type: 'string' },
    revision_id: { type: 'integer', description: 'POST /api/revisions/{revision_id}/restore brings the record back' },
  }),
);

/** Every version of a record, or of a single-record section's record (no id in its address). */
export function revisionsApi(section: SectionDef, single: boolean): RouteApi {
  return {
    operationId: `list${operationNames(section, single).target}Revisions`,
    tags: [section.label],
    token: true,
    summary: single
      ? `Every version of the ${section.singular}, newest first`
      : `Every version of a ${section.singular}, newest first`,
    ...(single ? {} : { params: idParams }),
    query: historyPage,
    answers: {
      200: answer(
        'Revisions, newest first; X-Total-Count holds the total',
        { type: 'array', items: revisionShape(section) },
        totalCount,
      ),
      ...errors(...ALWAYS, 401, 404),
    },
  };
}

export const schemas = {
  restore: {
    operationId: 'restoreRevision',
    summary: "Write a revision's record back as a new change (a deleted record comes back under its id)",
    token: true,
    params: idParams,
    headers: {
      type: 'object',
      properties: {
        'If-Match': {
          ...ifMatch.properties['If-Match'],
          description: 'The ETag of the record as the editor sees it; a stale one gets 412. A deleted record has none.',
        },
      },
    },
    answers: {
      200: answer(
        'The record as restored',
        { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        etag,
      ),
      ...errors(...ALWAYS, ...BODY, 401, 404, 409),
      // a revision may be of any section: its current record is one of theirs
      ...staleWrite('revision', { type: 'object', additionalProperties: true }),
    },
  },
  trash: {
    operationId: 'listTrash',
    summary: 'Deleted records not since restored, newest first',
    token: true,
    query: historyPage,
    answers: {
      200: answer(
        'Deleted records; X-Total-Count holds the total',
        { type: 'array', items: trashEntryShape },
        totalCount,
      ),
      ...errors(...ALWAYS, 401),
    },
  },
} satisfies Record<string, RouteApi>;
