import { z } from 'zod';
import { pageQuery, queryText } from '../lib/query.ts';

/**
 * The query strings of a section's reads, declared once for the API document and parsed with the same objects
 * (`parseQuery`): what view a read asks for (records/read-view.ts), in which language (records/locale-query.ts),
 * and which page of a list.
 */

/** Largest page of a section list; without a limit a list answers every record. */
export const SECTION_MAX_LIMIT = 1000;
const SEARCH_MAX_LENGTH = 500;

/** The query parameters of a read in a language, which records/locale-query.ts checks against the languages. */
const localeQueryFields = {
  locale: queryText('locale', 40).optional().meta({
    description:
      'A language code (GET /api/locales): translated fields in that language, else its fallbacks; * (signed in or with a preview token): each translated field as an object by code',
  }),
  fallback: queryText('fallback', 10)
    .pipe(z.enum(['none'], { error: 'fallback must be "none" (a missing translation answers null).' }))
    .optional()
    .meta({ description: 'none: a translated field missing in the language answers null instead of a fallback' }),
};

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
