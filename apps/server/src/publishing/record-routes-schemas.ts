import type { SectionDef } from '@bursary/shared';
import { timestampKeys } from '../db/naming.ts';
import {
  ALWAYS,
  answer,
  BODY,
  errors,
  type Json,
  idParams,
  ifMatch,
  messageShape,
  type RouteApi,
  Shape,
  staleWrite,
} from '../lib/api-doc.ts';
import { recordBody } from '../records/record-body-schemas.ts';
import { operationNames } from '../records/operation-names.ts';
import { altTextProperties, localeProperties, recordShape } from '../records/record-shape.ts';
import { noWriteQuery } from '../records/write-query.ts';
import { queryText } from '../lib/query.ts';
import { z } from 'zod';

/** The API declarations of a record's publishing routes (publishing/record-routes.ts). */

const changesEtag = {
  ETag: {
    type: 'string',
    description: "The waiting changes' own version (not the record's): If-Match for their next save",
  },
};
const recordEtag = { ETag: { type: 'string', description: "The record's version" } };

/** The language whose waiting changes a route reads, saves or discards; without it, the default language's. */
const changesQuery = z.object({
  locale: queryText('locale', 40).optional().meta({
    description:
      "A language code (GET /api/locales): that language's waiting changes (its translated fields only); without it, the default language's",
  }),
});
const publishQuery = z.object({
  locale: queryText('locale', 40).optional().meta({
    description:
      "A language code (GET /api/locales): publish that language's waiting changes only; without it, every language's",
  }),
});

/** The record as it will be answered once published: an item the changes add has no id yet. */
function changesShape(section: SectionDef): Shape {
  const properties: Json = { id: { type: 'integer', minimum: 1 } };
  for (const [name, def] of Object.entries(section.fields))
    properties[name] = { type: [def.kind === 'number' ? 'number' : 'string', 'null'] };
  Object.assign(properties, altTextProperties(section));
  const sub = section.subItems;
  if (sub)
    properties[sub.field] = {
      type: 'array',
      items: {
        type: 'object',
        required: [sub.itemKey],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, [sub.itemKey]: { type: 'string' }, ...localeProperties },
      },
    };
  const keys = timestampKeys(section);
  properties[keys.created] = { type: 'string' };
  properties[keys.updated] = { type: 'string' };
  return new Shape(`Changes.${section.slug}`, {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    // in another language, the record as a read in it answers (its own fields say which fell back)
    properties: { ...properties, ...localeProperties },
  });
}

/** The declarations of one section's publishing routes; `single` documents the address without an id. */
export function publishingSchemas(section: SectionDef, single: boolean) {
  const tags = [section.label];
  const one = section.singular;
  const { target } = operationNames(section, single);
  const route = (summary: string, api: Omit<RouteApi, 'summary' | 'tags' | 'token'>): RouteApi => ({
    tags,
    summary,
    token: true,
    ...(single ? {} : { params: idParams }),
    ...api,
  });
  const changes = changesShape(section);
  const staleChanges = staleWrite(`${section.slug}.changes`, changes);
  const published = answer('The record with its status (as status=all answers it)', recordShape(section), recordEtag);
  return {
    readChanges: route(`The changes waiting on the ${one} (editors)`, {
      operationId: `get${target}Changes`,
      query: changesQuery,
      answers: {
        200: answer('The record as it will be once published', changes, changesEtag),
        ...errors(...ALWAYS, 401, 404),
      },
    }),
    saveChanges: route(`Save changes to the ${one} for later, without publishing them`, {
      operationId: `save${target}Changes`,
      query: changesQuery,
      headers: ifMatch,
      body: recordBody(section, 'update', false),
      answers: {
        200: answer('The changes as saved', changes, changesEtag),
        ...errors(...ALWAYS, ...BODY, 401, 404, 409),
        ...staleChanges,
      },
    }),
    discardChanges: route(`Discard the changes waiting on the ${one}`, {
      operationId: `discard${target}Changes`,
      query: changesQuery,
      headers: ifMatch,
      answers: {
        200: answer("Discarded; the ETag is the record's", messageShape, recordEtag),
        ...errors(...ALWAYS, ...BODY, 401, 404),
        ...staleChanges,
      },
    }),
    publish: route(`Publish the ${one}: its waiting changes and/or the draft go live`, {
      operationId: `publish${target}`,
      query: publishQuery,
      answers: { 200: published, ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
    }),
    unpublish: route(`Take the ${one} off the website; it is kept as a draft`, {
      operationId: `unpublish${target}`,
      query: noWriteQuery,
      answers: { 200: published, ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
    }),
  };
}
