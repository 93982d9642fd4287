import { z } from 'zod';
import type { SectionDef } from '@bursary/shared';
import { ALWAYS, answer, BODY, errors, etag, ifMatch, type RouteApi, staleWrite } from '../lib/api-doc.ts';
import { idParam } from '../lib/params.ts';
import { operationNames } from './operation-names.ts';
import { recordShape } from './record-shape.ts';
import { markCurrentBody } from './translation-current.ts';

/** The API declarations of a record's translation routes (records/translation-routes.ts). */

// the length documented is not checked here: a longer code names no language, and answers 404 as any unknown one
const code = z.string().meta({ maxLength: 100, description: 'The language code, e.g. fr; the default language: 409' });
/** The address of one language's values of a record: its id (not for a single-record section) and the code. */
export const translationParams = { byId: z.object({ id: idParam(), code }), single: z.object({ code }) };

/** The declarations of one section's translation routes; `single` documents the address without an id. */
export function translationSchemas(section: SectionDef, single: boolean) {
  const tags = [section.label];
  const { target } = operationNames(section, single);
  const whose = single ? `the ${section.singular}'s` : `a ${section.singular}'s`;
  const route = (summary: string, operationId: string, body?: RouteApi['body']): RouteApi => ({
    tags,
    summary,
    token: true,
    operationId,
    params: single ? translationParams.single : translationParams.byId,
    headers: ifMatch,
    ...(body ? { body } : {}),
    answers: {
      200: answer('The record, in the default language', recordShape(section), etag),
      ...errors(...ALWAYS, ...BODY, 401, 404, 409),
      ...staleWrite(section.slug, recordShape(section)),
    },
  });
  return {
    deleteTranslation: route(`Delete ${whose} text in one language`, `delete${target}Translation`),
    markCurrent: route(
      `Mark ${whose} text in one language as up to date with the default language`,
      `mark${target}TranslationCurrent`,
      markCurrentBody,
    ),
  };
}
