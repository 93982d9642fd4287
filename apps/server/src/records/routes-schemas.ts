import {
  type ItemDeletedResponse,
  PREVIEW_HEADER,
  type RecordDeletedResponse,
  type SectionDef,
  type SubItems,
  subAddSchema,
  subEditSchema,
} from '@bursary/shared';
import {
  ALWAYS,
  answer,
  BODY,
  contract,
  errors,
  etag,
  idParams,
  ifMatch,
  ifNoneMatch,
  type Json,
  location,
  publicCache,
  publicNotModified,
  publicRead,
  type RouteApi,
  Shape,
  staleWrite,
  totalCount,
} from '../lib/api-doc.ts';
import { recordBody } from './record-body-schemas.ts';
import { recordShape, subItemsSchema } from './record-shape.ts';
import { operationNames } from './operation-names.ts';
import { listQuery, viewQuery } from './read-query.ts';
import { noWriteQuery, writeLocaleQuery } from './write-query.ts';

/**
 * The API declarations of a section's routes (records/routes.ts, records/sub-item-routes.ts), derived from its
 * registry entry: the bodies are the registry's own zod schemas. Its translation routes declare theirs beside
 * them (records/translation-routes-schemas.ts).
 */

/** A media URL this server handed out, or (when the field may be empty) nothing. */
const deletedShape = new Shape(
  'Deleted',
  contract<RecordDeletedResponse>()({
    message: { type: 'string' },
    revision_id: {
      type: 'integer',
      description:
        'The revision the delete stored; POST /api/revisions/{id}/restore with it brings the record back (undo)',
    },
  }),
);
const itemDeletedShape = new Shape(
  'ItemDeleted',
  contract<ItemDeletedResponse>()({
    message: { type: 'string' },
    undo_revision_id: {
      type: ['integer', 'null'],
      description:
        "The record's revision from just before the delete; restoring it (with the answer's ETag as If-Match) puts the item back. Null when the record is older than history.",
    },
  }),
);

const viewHeaders = {
  type: 'object',
  properties: {
    ...ifNoneMatch.properties,
    [PREVIEW_HEADER]: { type: 'string', description: 'A preview token, as the preview query parameter' },
  },
};

/** The declarations of one section's routes. */
export function sectionSchemas(section: SectionDef) {
  const tags = [section.label];
  const record = recordShape(section);
  const stale = staleWrite(section.slug, record);
  const { all, one } = operationNames(section);
  const saved = (status: number, description: string, schema: Json | Shape, headers: Json = etag) => ({
    [status]: answer(description, schema, headers),
  });
  const write = (summary: string, api: Omit<RouteApi, 'summary'>): RouteApi => ({ tags, summary, token: true, ...api });
  // a 404 of a public read is kept by shared caches too, so that they drop a deleted or unpublished record
  const publicNotFound = {
    404: { ...errors(404)[404]!, headers: { 'Cache-Control': publicCache['Cache-Control'], Vary: publicCache.Vary } },
  };
  return {
    list: {
      operationId: `list${all}`,
      tags,
      summary: `List ${section.label} (newest first)`,
      token: 'optional',
      headers: viewHeaders,
      query: listQuery,
      answers: {
        200: answer(
          'The records; X-Total-Count holds the total',
          { type: 'array', items: record },
          { ...totalCount, ...publicRead },
        ),
        ...publicNotModified,
        // 404: a language the website may not read yet
        ...errors(...ALWAYS, 401, 404),
      },
    },
    one: {
      operationId: `get${one}`,
      tags,
      summary: `One ${section.singular}`,
      token: 'optional',
      params: idParams,
      query: viewQuery,
      headers: viewHeaders,
      answers: {
        ...saved(200, 'The record, with its ETag', record, publicRead),
        ...publicNotModified,
        ...errors(...ALWAYS, 401),
        ...publicNotFound,
      },
    },
    // a create has no earlier version to name: If-Match plays no part
    create: write(`Create a ${section.singular}`, {
      operationId: `create${one}`,
      query: writeLocaleQuery,
      body: recordBody(section, 'create'),
      answers: { ...saved(201, 'Created', record, { ...etag, ...location }), ...errors(...ALWAYS, ...BODY, 401, 409) },
    }),
    putSingle: write(`Create or replace the ${section.singular}`, {
      operationId: `replace${all}Section`,
      headers: ifMatch,
      query: writeLocaleQuery,
      body: recordBody(section, 'update'),
      answers: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 409), ...stale },
    }),
    update: write(`Update a ${section.singular}`, {
      operationId: `update${one}`,
      params: idParams,
      headers: ifMatch,
      query: writeLocaleQuery,
      body: recordBody(section, 'update'),
      answers: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 404, 409), ...stale },
    }),
    delete: write(`Delete a ${section.singular}`, {
      operationId: `delete${one}`,
      params: idParams,
      headers: ifMatch,
      query: noWriteQuery,
      answers: { 200: answer('Deleted', deletedShape), ...errors(...ALWAYS, ...BODY, 401, 404, 409), ...stale },
    }),
  } satisfies Record<string, RouteApi>;
}

/** The declarations of a single-record section's sub-item routes. */
export function subItemSchemas(section: SectionDef, sub: SubItems) {
  const tags = [section.label];
  const stale = staleWrite(section.slug, recordShape(section));
  const { all } = operationNames(section);
  const write = (summary: string, api: Omit<RouteApi, 'summary'>): RouteApi => ({
    tags,
    summary,
    token: true,
    headers: ifMatch,
    ...api,
  });
  return {
    edit: write(`Edit, add and reorder ${sub.field}`, {
      operationId: `edit${all}Items`,
      query: writeLocaleQuery,
      body: subEditSchema(sub),
      answers: {
        200: answer('The record', recordShape(section), etag),
        ...errors(...ALWAYS, ...BODY, 401, 404, 409),
        ...stale,
      },
    }),
    add: write(`Add one ${sub.itemKey}`, {
      operationId: `add${all}Item`,
      query: noWriteQuery,
      body: subAddSchema(sub),
      answers: {
        201: answer("The new item; the ETag is the record's", subItemsSchema(sub).items, etag),
        ...errors(...ALWAYS, ...BODY, 401, 409),
        ...stale,
      },
    }),
    delete: write(`Delete one ${sub.itemKey}`, {
      operationId: `delete${all}Item`,
      params: idParams,
      query: noWriteQuery,
      answers: {
        200: answer("Deleted; the ETag is the record's", itemDeletedShape, etag),
        ...errors(...ALWAYS, ...BODY, 401, 404, 409),
        ...stale,
      },
    }),
  };
}
