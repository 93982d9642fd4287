import type { FastifyPluginAsync } from 'fastify';
import { sections } from '@bursary/shared';
import { createPreviewToken, listLivePreviewTokens, revokePreviewToken } from '../pending/preview-tokens.ts';
import { PREVIEW_PERMISSION } from '../auth/issuer-tokens.ts';
import { requirePermission } from '../auth/permissions.ts';
import { documented } from '../lib/api-doc.ts';
import { type FieldIssue, NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import { MAX_ID, parseId } from '../lib/ids.ts';
import type { Languages } from '../locales/catalogue.ts';
import { canonicalCode } from '../locales/codes.ts';
import { previewTokenSchemas } from './preview-token-routes-schemas.ts';

interface PreviewTarget {
  section?: string;
  id?: number;
  locale?: string;
}

/**
 * `{section?, id?, locale?}`: a section the registry has, a positive id, no id without its section, and a language of
 * this website (any of them: a language not yet public is previewed before it is launched).
 */
function parseTarget(body: unknown, languages: Languages): PreviewTarget {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ValidationError([{ path: 'body', message: 'The body must be a JSON object' }]);
  const { section, id, locale, ...rest } = body as Record<string, unknown>;
  const issues: FieldIssue[] = Object.keys(rest).map((key) => ({ path: key, message: `${key} is not accepted here` }));
  if (section !== undefined && !sections.some((s) => s.slug === section))
    issues.push({ path: 'section', message: `section must be one of: ${sections.map((s) => s.slug).join(', ')}` });
  if (id !== undefined && !(Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_ID))
    issues.push({ path: 'id', message: 'id must be a positive whole number' });
  if (id !== undefined && section === undefined) issues.push({ path: 'section', message: 'An id needs its section' });
  const code = typeof locale === 'string' ? canonicalCode(locale.trim()) : undefined;
  const language = code === undefined ? undefined : languages.find(code);
  if (locale !== undefined && !language)
    issues.push({
      path: 'locale',
      message: `locale must be a language of this website: ${languages.list.map((l) => l.code).join(', ')}`,
    });
  if (issues.length > 0) throw new ValidationError(issues, `${issues.map((issue) => issue.message).join('; ')}.`);
  return {
    section: section as string | undefined,
    id: id as number | undefined,
    ...(language ? { locale: language.code } : {}),
  };
}

/** PREVIEW_URL with its placeholders filled, each part URL-encoded; an absent part leaves its place empty. */
function previewUrlFor(template: string | undefined, token: string, target: PreviewTarget): string | null {
  if (template === undefined) return null;
  const values: Record<string, string> = {
    token,
    section: target.section ?? '',
    id: target.id?.toString() ?? '',
    locale: target.locale ?? '',
  };
  return template.replace(/\{(token|section|id|locale)\}/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/**
 * `POST /api/preview-tokens` and `DELETE /api/preview-tokens/{id}`, for editors; `GET /api/preview-tokens`, every
 * live token, for administrators.
 */
const previewTokenRoutes: FastifyPluginAsync = async (app) => {
  const editor = requirePermission(app, PREVIEW_PERMISSION);
  const admin = requirePermission(app, 'preview-tokens:manage');

  app.get('/api/preview-tokens', documented(previewTokenSchemas.list, admin), async () =>
    listLivePreviewTokens(app.db, new Date()),
  );

  app.post('/api/preview-tokens', documented(previewTokenSchemas.create, editor), async (request, reply) => {
    if (!request.user) throw new UnauthorizedError();
    const target = parseTarget(request.body, await app.locales.current());
    const created = await createPreviewToken(app.db, request.user.username, new Date());
    return reply.status(201).send({ ...created, url: previewUrlFor(app.config.previewUrl, created.token, target) });
  });

  app.delete<{ Params: { id: string } }>(
    '/api/preview-tokens/:id',
    documented(previewTokenSchemas.revoke, editor),
    async (request, reply) => {
      const id = parseId(request.params.id, 'preview token');
      if (!(await revokePreviewToken(app.db, id, new Date())))
        throw new NotFoundError(`No preview token with id ${id}.`);
      return reply.status(204).send();
    },
  );
};

export default previewTokenRoutes;
