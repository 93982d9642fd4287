import type { FastifyRequest } from 'fastify';
import { MEDIA_ALT_MAX_LENGTH, RICH_TEXT_SENT_MAX, type SectionDef, type WriteMode, isRequired } from '@bursary/shared';
import { altFieldsOf } from '../media/alt-text.ts';
import { BadRequestError, HttpError, ValidationError } from '../lib/errors.ts';
import { imageTooLarge } from '../media/store.ts';
import { SERVER_OWNED_KEYS } from './record-validation.ts';
import { relativeMediaUrls } from './media-urls.ts';
import type { RawInput, Upload } from './raw-input.ts';

/** The part that asks for a draft (`status`); not a field, so it has a limit of its own. */
const STATUS_PART = 'status';
const STATUS_PART_BYTES = 32;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Multipart text as the field's JSON value would be: numbers parsed, an empty optional field null. */
function fromFormText(section: SectionDef, mode: WriteMode, name: string, text: string): unknown {
  if (section.subItems?.field === name) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ValidationError([{ path: name, message: `${name} must be a JSON list` }]);
    }
  }
  const def = section.fields[name];
  if (!def) return text;
  if (text.trim() === '') {
    if (!isRequired(def, mode)) return null;
    return def.kind === 'number' ? undefined : text;
  }
  if (def.kind === 'number' && /^\s*-?\d+(\.\d+)?\s*$/.test(text)) return Number(text);
  return text;
}

/**
 * Every part reaches us as a stream the moment its headers are read, text fields included; the
 * app's file limits (count, size) were made for image files, so each part's own limit applies instead.
 */
const EVERY_PART_A_STREAM = { isPartAFile: () => true, limits: { files: Infinity, fileSize: Infinity } };

/** Longest UTF-8 text of `chars` characters. */
const utf8Bytes = (chars: number) => chars * 4;

/**
 * The most bytes a form part may carry, from the registry: an image file up to the upload limit,
 * a field's text up to its maximum length, a sub-item list up to 200 items of its maximum
 * length (with room for the JSON around each).
 */
function partLimit(section: SectionDef, name: string, isFile: boolean, mediaMaxBytes: number): number {
  if (isFile) return mediaMaxBytes;
  const sub = section.subItems;
  if (sub?.field === name) return 200 * (utf8Bytes(sub.max) + 200);
  if (name === STATUS_PART) return STATUS_PART_BYTES;
  // room for white space around the text, which is trimmed before it is measured
  if (altFieldsOf(section).has(name)) return utf8Bytes(MEDIA_ALT_MAX_LENGTH) + 256;
  const def = section.fields[name];
  // a number's registry maximum is 0 characters: room for any decimal a form sends
  if (def?.kind === 'number') return 64;
  // pasted images come on top of rich text's own bound, as ASCII data URLs
  if (def?.kind === 'richtext') return utf8Bytes(def.max) + RICH_TEXT_SENT_MAX;
  return utf8Bytes(def?.max ?? 0);
}

/** What a field name may not be, refused before its value is read. */
function refuseFieldName(section: SectionDef, name: string, isFile: boolean): void {
  if (SERVER_OWNED_KEYS.includes(name))
    throw new ValidationError([{ path: name, message: `${name} is set by the server and cannot be sent` }]);
  const known =
    Object.hasOwn(section.fields, name) ||
    section.subItems?.field === name ||
    name === STATUS_PART ||
    altFieldsOf(section).has(name);
  if (!known) throw new ValidationError([{ path: name, message: `${name} is not a field of ${section.label}` }]);
  if (isFile && section.fields[name]?.kind !== 'image') {
    throw new ValidationError([{ path: name, message: `${name} does not take a file; send images in an image field` }]);
  }
}

/** Reads a part's stream, stopping at the first chunk past `limit` (the rest is never buffered). */
async function readCapped(stream: AsyncIterable<Buffer>, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A multipart record write. Each part is judged by its headers before its
 * value is read: an unknown or server-owned field name, or a file in a text field, is refused
 * there, and a value is read only up to its registry maximum, so no part is buffered whole
 * before validation. Whether a part is a file is decided as busboy would (a file name, or
 * application/octet-stream).
 */
async function readMultipart(request: FastifyRequest, section: SectionDef, mode: WriteMode): Promise<RawInput> {
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const uploads = new Map<string, Upload>();
  const { mediaMaxBytes } = request.server.config;
  try {
    for await (const part of request.parts(EVERY_PART_A_STREAM)) {
      const name = part.fieldname;
      if (part.type !== 'file') throw new BadRequestError('The form is incomplete or malformed. Send it again.');
      const isFile = part.filename !== undefined || part.mimetype === 'application/octet-stream';
      if (Object.hasOwn(body, name) || uploads.has(name))
        throw new BadRequestError(`The form sends ${name} more than once.`);
      refuseFieldName(section, name, isFile);
      const limit = partLimit(section, name, isFile, mediaMaxBytes);
      if (isFile) {
        const bytes = await readCapped(part.file, limit, () => imageTooLarge(limit));
        uploads.set(name, { bytes, filename: part.filename, declaredType: part.mimetype });
      } else {
        const max = altFieldsOf(section).has(name) ? MEDIA_ALT_MAX_LENGTH : section.fields[name]?.max;
        const bytes = await readCapped(
          part.file,
          limit,
          () =>
            new ValidationError([
              {
                path: name,
                message: max ? `${name} must be at most ${max} characters` : `${name} is longer than this field takes`,
              },
            ]),
        );
        body[name] = fromFormText(section, mode, name, bytes.toString('utf8'));
      }
    }
  } catch (error) {
    // the form parser reports a form cut short or malformed as a plain Error: a client fault, not a 500
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new BadRequestError('The form is incomplete or malformed. Send it again.');
  }
  return { body, uploads };
}

/** The body of a record write: JSON, or a multipart form whose file fields are images. */
export async function readRecordBody(request: FastifyRequest, section: SectionDef, mode: WriteMode): Promise<RawInput> {
  const { publicUrl } = request.server.config;
  if (request.isMultipart()) {
    const input = await readMultipart(request, section, mode);
    return { ...input, body: relativeMediaUrls(section, publicUrl, input.body) };
  }
  if (!isPlainObject(request.body)) {
    throw new BadRequestError(`The request body must be a JSON object of the ${section.label} fields.`);
  }
  return { body: relativeMediaUrls(section, publicUrl, request.body), uploads: new Map() };
}
