import { sections } from '@bursary/shared';
import { ALWAYS, answer, BODY, errors, idParams, type RouteApi, Shape } from '../lib/api-doc.ts';
import { MAX_ID } from '../lib/ids.ts';

/** The API declarations of the preview token routes (publishing/preview-token-routes.ts). */

const created = new Shape('PreviewToken', {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'token', 'expires_at', 'url'],
  properties: {
    id: { type: 'integer', description: 'Names the token to revoke it' },
    token: { type: 'string', description: 'Read-only, shown once: only its hash is stored' },
    expires_at: { type: 'string', description: 'One hour from now (UTC)' },
    url: {
      type: ['string', 'null'],
      description: "The website's preview address (PREVIEW_URL) with the token filled in; null when it is not set",
    },
  },
});

const live = new Shape('LivePreviewToken', {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'created_by', 'created_at', 'expires_at'],
  properties: {
    id: { type: 'integer', description: 'Names the token to revoke it' },
    created_by: { type: 'string', description: 'The username of whoever created it' },
    created_at: { type: 'string' },
    expires_at: { type: 'string' },
  },
});

export const previewTokenSchemas = {
  list: {
    operationId: 'listPreviewTokens',
    tags: ['Publishing'],
    summary:
      'Every preview token that reads now (administrators only): not revoked or expired, its issuer still an active editor or administrator',
    token: true,
    answers: { 200: answer('The live tokens', { type: 'array', items: live }), ...errors(...ALWAYS, 401) },
  },
  create: {
    operationId: 'createPreviewToken',
    tags: ['Publishing'],
    summary: 'A read-only preview token for the website, valid for one hour',
    token: true,
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        section: { type: 'string', enum: sections.map((section) => section.slug) },
        id: { type: 'integer', minimum: 1, maximum: MAX_ID },
        locale: {
          type: 'string',
          maxLength: 40,
          description: 'A language code (GET /api/locales): the language previewed',
        },
      },
      description: 'The record and language the preview opens at, filled into PREVIEW_URL; an id needs its section',
    },
    answers: { 201: answer('Created', created), ...errors(...ALWAYS, ...BODY, 401) },
  },
  revoke: {
    operationId: 'revokePreviewToken',
    tags: ['Publishing'],
    summary: 'Revoke a preview token at once',
    token: true,
    params: idParams,
    answers: { 204: answer('Revoked'), ...errors(...ALWAYS, ...BODY, 401, 404) },
  },
} satisfies Record<string, RouteApi>;
