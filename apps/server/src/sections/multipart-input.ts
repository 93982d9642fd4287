import type { FastifyRequest } from 'fastify';
import { type SectionDef, type WriteMode, isRequired } from '@bursary/shared';
import { BadRequestError, HttpError, ValidationError } from '../lib/errors.ts';

export interface Upload { bytes: Buffer; filename?: string; declaredType?: string }

export interface RawInput { body: Record<string, unknown>; uploads: Map<string, Upload> }

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Multipart text as the field's JSON value would be: numbers parsed, an empty optional field null. */
function fromFormText(section: SectionDef, mode: WriteMode, name: string, text: string): unknown {
  if (section.subItems?.field === name) {
    try { return JSON.parse(text) as unknown; } catch { throw new ValidationError([{ path: name, message: `${name} must be a JSON list` }]); }
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

async function readMultipart(request: FastifyRequest, section: SectionDef, mode: WriteMode): Promise<RawInput> {
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const uploads = new Map<string, Upload>();
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (Object.hasOwn(body, name) || uploads.has(name)) throw new BadRequestError(`The form sends ${name} more than once.`);
      if (part.type === 'file') {
        if (section.fields[name]?.kind !== 'image') {
          throw new ValidationError([{ path: name, message: `${name} does not take a file; send images in an image field` }]);
        }
        const bytes = await part.toBuffer();
        uploads.set(name, { bytes, filename: part.filename, declaredType: part.mimetype });
      } else {
        body[name] = fromFormText(section, mode, name, typeof part.value === 'string' ? part.value : String(part.value));
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
  if (request.isMultipart()) return readMultipart(request, section, mode);
  if (!isPlainObject(request.body)) {
    throw new BadRequestError(`The request body must be a JSON object of the ${section.label} fields.`);
  }
  return { body: request.body, uploads: new Map() };
}
