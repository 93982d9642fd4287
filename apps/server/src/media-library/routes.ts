import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOGS_DEFAULT_LIMIT } from '@bursary/shared';
import { requirePermission } from '../auth/permissions.ts';
import { documented } from '../lib/api-doc.ts';
import { BadRequestError, type FieldIssue, UnauthorizedError, ValidationError } from '../lib/errors.ts';
import { parseParams } from '../lib/params.ts';
import { parseQuery } from '../lib/query.ts';
import { setTotalCount } from '../lib/reply-headers.ts';
import { checkAltText } from '../media/alt-text.ts';
import { imageNotFound, parseMediaName } from '../media/media-name.ts';
import { EVERY_LOCALE } from '@bursary/shared';
import { canonicalCode } from '../locales/codes.ts';
import type { Languages } from '../locales/catalogue.ts';
import { writeLanguageOf } from '../records/write-query.ts';
import { type CheckedPatch, deleteMedia, listMedia, patchMedia, readMediaItem } from './library.ts';
import type { LibraryLanguage } from './library-language.ts';
import { mediaLibraryApi, mediaListQuery, nameParams } from './routes-schemas.ts';

const PATCH_KEYS = ['alt', 'focal_x', 'focal_y'];

/** A focal coordinate from 0 to 1, kept to four decimals (a crop's variant key spells it so). */
function focalOf(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    throw new ValidationError([{ path, message: `${path} must be a number from 0 to 1` }]);
  return Math.round(value * 10_000) / 10_000;
}

function checkPatch(body: unknown): CheckedPatch {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('Send a JSON object with alt, focal_x or focal_y.');
  const sent = body as Record<string, unknown>;
  const unknown: FieldIssue[] = Object.keys(sent)
    .filter((key) => !PATCH_KEYS.includes(key))
    .map((key) => ({ path: key, message: `${key} is not part of an image; send alt, focal_x or focal_y` }));
  if (unknown.length) throw new ValidationError(unknown);
  if (Object.keys(sent).length === 0)
    throw new BadRequestError('Send alt, focal_x or focal_y: there is nothing to change.');
  return {
    ...(sent.alt !== undefined ? { alt: checkAltText(sent.alt, 'alt') } : {}),
    ...(sent.focal_x !== undefined ? { focal_x: focalOf(sent.focal_x, 'focal_x') } : {}),
    ...(sent.focal_y !== undefined ? { focal_y: focalOf(sent.focal_y, 'focal_y') } : {}),
  };
}

/**
 * The language a list asks for with `?locale=`: undefined for the default language (as before languages existed),
 * every language with `*`; an unknown code is 400 naming the known ones.
 */
function listLanguageOf(languages: Languages, asked: string | undefined): LibraryLanguage | undefined {
  const raw = asked?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw === EVERY_LOCALE)
    return { kind: 'every', codes: languages.list.map((l) => l.code), defaultCode: languages.defaultCode };
  const code = canonicalCode(raw);
  const locale = code === undefined ? undefined : languages.find(code);
  if (!locale)
    throw new BadRequestError(
      `Unknown language "${raw}". Known languages: ${languages.list.map((l) => l.code).join(', ')}.`,
    );
  return locale.default ? undefined : { kind: 'one', code: locale.code };
}

/** The media library: any signed-in role lists it; editors and administrators change and delete images. */
const mediaLibraryRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config;
  const editors = requirePermission(app, 'media:write');

  const nameOf = (request: FastifyRequest) => {
    const name = parseMediaName(parseParams(nameParams, request).name);
    if (!name) throw imageNotFound();
    return name;
  };
  const usernameOf = (user: { username: string } | undefined) => {
    if (!user) throw new UnauthorizedError();
    return user.username;
  };

  app.get(
    '/api/media',
    documented(mediaLibraryApi.list, requirePermission(app, 'media:read')),
    async (request, reply) => {
      const query = parseQuery(mediaListQuery, request);
      const { items, total } = await listMedia(app.db, publicUrl, {
        unused: query.unused ?? false,
        missingAlt: query.missing_alt ?? false,
        limit: query.limit ?? LOGS_DEFAULT_LIMIT,
        offset: query.offset ?? 0,
        language: listLanguageOf(await app.locales.current(), query.locale),
      });
      setTotalCount(reply, total);
      return items;
    },
  );

  app.patch('/api/media/:name', documented(mediaLibraryApi.patch, editors), async (request) => {
    const name = nameOf(request);
    const locale = await writeLanguageOf(request, app.locales);
    const who = { username: usernameOf(request.user), changes: app.changePipeline };
    await patchMedia(app.db, who, name, checkPatch(request.body), locale);
    const item = await readMediaItem(app.db, name, publicUrl, locale && { kind: 'one', code: locale.code });
    // deleted by someone else right after the change
    if (!item) throw imageNotFound();
    return item;
  });

  app.delete('/api/media/:name', documented(mediaLibraryApi.delete, editors), async (request, reply) => {
    await deleteMedia(app.db, usernameOf(request.user), nameOf(request), publicUrl);
    return reply.status(204).send();
  });
};

export default mediaLibraryRoutes;
