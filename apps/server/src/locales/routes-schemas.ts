import { z } from 'zod';
import type { Locale } from '@bursary/shared';
import {
  ALWAYS,
  answer,
  BODY,
  contract,
  errors,
  messageShape,
  publicNotModified,
  publicRead,
  Shape,
} from '../lib/api-doc.ts';

/** The API declarations of the languages API (locales/routes.ts). */

const NAME_MAX_LENGTH = 100;
// eslint-disable-next-line no-control-regex -- the NUL character is the one refused
const NO_NUL = /^[^\u0000]*$/;

const name = z
  .string('name must be text')
  .trim()
  .min(1, 'name must not be empty')
  .max(NAME_MAX_LENGTH, `name is at most ${NAME_MAX_LENGTH} characters`)
  .regex(NO_NUL, 'name must not contain a NUL character');
/** Checked as a code by the route (canonical form, known language): here only its type. */
const code = z.string('code must be a language code such as fr or fr-CA').max(100, 'code is too long');
const fallback = z.union([code, z.null()], 'fallback must be a language code, or null for the default language');

export const newLocaleBody = z.strictObject({ code, name: name.optional(), fallback: fallback.optional() });
export const localeChangeBody = z.strictObject({
  name: name.optional(),
  fallback: fallback.optional(),
  public: z.boolean('public must be true or false').optional(),
});

const localeShape = new Shape(
  'Locale',
  contract<Locale>()({
    code: { type: 'string', description: 'A BCP 47 code in canonical form (fr-ca is stored as fr-CA)' },
    name: { type: 'string' },
    fallback: {
      type: ['string', 'null'],
      description: 'The language a missing translation is read from; null: the default language',
    },
    public: { type: 'boolean', description: 'Shown on the website: public reads may ask for it' },
    default: { type: 'boolean', description: 'DEFAULT_LOCALE: every record is written in it first' },
  }),
);
const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 100, description: 'A language code, e.g. fr or fr-CA' } },
};

const tags = ['Languages'];
export const schemas = {
  list: {
    operationId: 'listLocales',
    tags,
    token: 'optional' as const,
    summary: 'The languages (callers who are not signed in see the public ones only)',
    answers: {
      200: answer('The default language first', { type: 'array', items: localeShape }, publicRead),
      ...publicNotModified,
      ...errors(...ALWAYS, 401),
    },
  },
  add: {
    operationId: 'addLocale',
    tags,
    token: true,
    summary: 'Add a language (administrators); it starts hidden from the website',
    body: newLocaleBody,
    answers: { 201: answer('Added', localeShape), ...errors(...ALWAYS, ...BODY, 401, 409) },
  },
  change: {
    operationId: 'updateLocale',
    tags,
    token: true,
    summary: 'Rename a language, change its fallback, or show it on the website or hide it (administrators)',
    params: codeParams,
    body: localeChangeBody,
    answers: { 200: answer('Changed', localeShape), ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
  },
  remove: {
    operationId: 'deleteLocale',
    tags,
    token: true,
    summary: "Delete a language and its translations (administrators); History can bring each record's back",
    params: codeParams,
    answers: { 200: answer('Deleted', messageShape), ...errors(...ALWAYS, ...BODY, 401, 404, 409) },
  },
};
