import { z } from 'zod';
import {
  MEDIA_ALT_MAX_LENGTH,
  type ItemDeletedResponse,
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
  totalCount,
} from '../lib/api-doc.ts';
import { timestampKeys } from '../db/naming.ts';
import { pageQuery, queryText } from '../lib/query.ts';
import { recordBody } from './record-body-schemas.ts';
import { altFieldsOf } from '../media/alt-text.ts';
import { localeQueryFields } from './locale-query.ts';
import { noWriteQuery, writeLocaleQuery } from './write-query.ts';

/**
 * The API declarations of a section's routes (records/routes.ts, records/sub-item-routes.ts),
 * derived from its registry entry: the bodies are the registry's own zod schemas.
 */

/** Largest page of a section list; without a limit a list answers every record. */
export const SECTION_MAX_LIMIT = 1000;
const SEARCH_MAX_LENGTH = 500;

const nullable = (type: string) => ({ type: [type, 'null'] });
/** A translated value: text in the language read, or with locale=* an object of each language's text by code. */
const translatedValue = (type: string) => ({
  type: [type, 'null', 'object'],
  additionalProperties: nullable('string'),
  description: 'With locale=*: an object of its value in each language, by code (null where there is none)',
});
/** What a read in a language adds to each record and each sub-item. */
const localeProperties = {
  locale: { type: 'string', description: 'With locale=CODE: the language asked' },
  fallback_fields: {
    type: 'array',
    items: { type: 'string' },
    description: 'With locale=CODE: the translated fields shown in another language (a fallback); [] when none',
  },
};
const subItemsSchema = (sub: SubItems) => ({
  type: 'array',
  items: {
    type: 'object',
    required: ['id', sub.itemKey],
    additionalProperties: false,
    properties: { id: { type: 'integer' }, [sub.itemKey]: translatedValue('string'), ...localeProperties },
  },
});

/** What `status=all` adds to every record; no other read carries them. */
const statusProperties = {
  status: { type: 'string', enum: ['published', 'draft'], description: 'With status=all: published, or a draft' },
  has_changes: { type: 'boolean', description: 'With status=all: changes are waiting to be published' },
  publish_at: { type: ['string', 'null'], description: 'With status=all: when a scheduled publish is due' },
  unpublish_at: { type: ['string', 'null'], description: 'With status=all: when a scheduled unpublish is due' },
};

/**
 * Beside each image field `F`, in every record answer: `F_alt`, the alternative text of the image it holds, and
 * what a website needs to size and crop it: `F_width`, `F_height`, `F_focal_x`, `F_focal_y`.
 */
export function altTextProperties(section: SectionDef): Json {
  const properties: Json = {};
  for (const [altField, field] of altFieldsOf(section)) {
    properties[altField] = {
      type: 'string',
      maxLength: MEDIA_ALT_MAX_LENGTH,
      description: `The alternative text of the image in ${field} ('' when it is empty or the image has none); set it with PATCH /api/media/{name} or by sending ${altField} with the record`,
    };
    for (const side of ['width', 'height'])
      properties[`${field}_${side}`] = {
        type: ['integer', 'null'],
        minimum: 1,
        description: `The ${side} in pixels of the stored original in ${field} (null when it is empty, an SVG, or not measured yet); answered only`,
      };
    for (const axis of ['x', 'y'])
      properties[`${field}_focal_${axis}`] = {
        type: ['number', 'null'],
        minimum: 0,
        maximum: 1,
        description: `The focal point's ${axis === 'x' ? 'distance from the left' : 'distance from the top'} of the image in ${field}, 0 to 1 (null when it is empty); crops keep it in view; set it with PATCH /api/media/{name}; answered only`,
      };
  }
  return properties;
}

/** A record as the API answers it: every field, sub-items, timestamps (and with status=all its status). */
export function recordShape(section: SectionDef): Shape {
  const properties: Json = { id: { type: 'integer', minimum: 1 } };
  for (const [name, def] of Object.entries(section.fields))
    properties[name] = def.translated
      ? translatedValue('string')
      : nullable(def.kind === 'number' ? 'number' : 'string');
  Object.assign(properties, altTextProperties(section));
  if (section.subItems) properties[section.subItems.field] = subItemsSchema(section.subItems);
  const keys = timestampKeys(section);
  properties[keys.created] = { type: 'string' };
  properties[keys.updated] = { type: 'string' };
  return new Shape(`Record.${section.slug}`, {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties: { ...properties, ...statusProperties, ...localeProperties },
  });
}

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

/** How a read asks for more than the live, published records (records/read-view.ts). */
const viewQueryFields = {
  status: queryText('status', 20)
    .pipe(
      z.enum(['all', 'published'], {
        error: 'status must be "all" (drafts included, for signed-in readers) or "published".',
      }),
    )
    .optional()
    .meta({ description: 'all: drafts too, each record with its status (signed-in readers only; 401 otherwise)' }),
  preview: queryText('preview', 200)
    .optional()
    .meta({ description: 'A preview token: drafts included and waiting changes applied; 401 when expired or revoked' }),
  ...localeQueryFields,
};
/** The query of a read of one record. */
export const viewQuery = z.object(viewQueryFields);
export type ViewQuery = z.output<typeof viewQuery>;
/** The query of a section's list, in the order its parameters are checked. */
export const listQuery = z.object({
  ...viewQueryFields,
  ...pageQuery(SECTION_MAX_LIMIT),
  q: queryText('q', SEARCH_MAX_LENGTH).optional().meta({ description: 'Words the records contain (case-insensitive)' }),
});
const viewHeaders = {
  type: 'object',
  properties: {
    ...ifNoneMatch.properties,
    'Bursary-Preview': { type: 'string', description: 'A preview token, as the preview query parameter' },
  },
};

const pascal = (words: string) =>
  words.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

/**
 * How a section is named in its operations' ids: `all` for the section (`listFaqs`), `one` for a record of it
 * (`getFaq`, `publishFaq`), and `target` for what an address acts on: a single-record section's addresses without
 * an id act on the section's record (`publishStakeholdersSection`), beside the same operations by id
 * (`publishStakeholder`). Derived from the slug, so they stay as stable as the addresses.
 */
export function operationNames(section: SectionDef, single = false) {
  const all = pascal(section.slug);
  const singular = all.replace(/ies$/, 'y').replace(/oes$/, 'o').replace(/s$/, '');
  // a slug that is not a plural (content) names its records as items: listContent, getContentItem
  const one = singular === all ? `${all}Item` : singular;
  return { all, one, target: single ? `${all}Section` : one };
}

/** The address of one language's values of a record: its id (not for a single-record section) and the code. */
const translationParams = (withId: boolean) => ({
  type: 'object',
  required: withId ? ['id', 'code'] : ['code'],
  properties: {
    ...(withId ? idParams.properties : {}),
    code: { type: 'string', maxLength: 100, description: 'The language code, e.g. fr; the default language: 409' },
  },
});

/** The declarations of one section's routes. */
export function sectionSchemas(section: SectionDef) {
  const tags = [section.label];
  const record = recordShape(section);
  const { all, one } = operationNames(section);
  const saved = (status: number, description: string, schema: Json | Shape, headers: Json = etag) => ({
    [status]: answer(description, schema, headers),
  });
  const write = (summary: string, api: Omit<RouteApi, 'summary'>): RouteApi => ({ tags, summary, token: true, ...api });
  // a 404 of a public read is kept by shared caches too, so that they drop a deleted or unpublished record
  const publicNotFound = {
    404: { ...errors(404)[404]!, headers: { 'Cache-Control': publicCache['Cache-Control'], Vary: publicCache.Vary } },
  };
  const translationDelete = (summary: string, operationId: string, withId: boolean) =>
    write(summary, {
      operationId,
      params: translationParams(withId),
      headers: ifMatch,
      answers: {
        ...saved(200, 'The record, in the default language', record),
        ...errors(...ALWAYS, ...BODY, 401, 404, 409, 412),
      },
    });
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
      answers: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 409, 412) },
    }),
    update: write(`Update a ${section.singular}`, {
      operationId: `update${one}`,
      params: idParams,
      headers: ifMatch,
      query: writeLocaleQuery,
      body: recordBody(section, 'update'),
      answers: { ...saved(200, 'Saved', record), ...errors(...ALWAYS, ...BODY, 401, 404, 409, 412) },
    }),
    delete: write(`Delete a ${section.singular}`, {
      operationId: `delete${one}`,
      params: idParams,
      headers: ifMatch,
      query: noWriteQuery,
      answers: { 200: answer('Deleted', deletedShape), ...errors(...ALWAYS, ...BODY, 401, 404, 412) },
    }),
    deleteTranslation: translationDelete(
      `Delete a ${section.singular}'s text in one language`,
      `delete${one}Translation`,
      true,
    ),
    deleteSingleTranslation: translationDelete(
      `Delete the ${section.singular}'s text in one language`,
      `delete${all}SectionTranslation`,
      false,
    ),
  } satisfies Record<string, RouteApi>;
}

/** The declarations of a single-record section's sub-item routes. */
export function subItemSchemas(section: SectionDef, sub: SubItems) {
  const tags = [section.label];
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
        ...errors(...ALWAYS, ...BODY, 401, 404, 409, 412),
      },
    }),
    add: write(`Add one ${sub.itemKey}`, {
      operationId: `add${all}Item`,
      query: noWriteQuery,
      body: subAddSchema(sub),
      answers: {
        201: answer("The new item; the ETag is the record's", subItemsSchema(sub).items, etag),
        ...errors(...ALWAYS, ...BODY, 401, 409, 412),
      },
    }),
    delete: write(`Delete one ${sub.itemKey}`, {
      operationId: `delete${all}Item`,
      params: idParams,
      query: noWriteQuery,
      answers: {
        200: answer("Deleted; the ETag is the record's", itemDeletedShape, etag),
        ...errors(...ALWAYS, ...BODY, 401, 404, 412),
      },
    }),
  };
}
