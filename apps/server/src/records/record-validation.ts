import type { z } from 'zod';
import { type InLanguage, type SectionDef, type WriteMode, isRequired, recordInputSchema } from '@bursary/shared';
import { type FieldIssue, ValidationError } from '../lib/errors.ts';
import type { RawInput } from './raw-input.ts';

/** Keys the server owns: sent in a body they are refused, never stored. */
export const SERVER_OWNED_KEYS = ['id', 'version', 'created_at', 'updated_at', 'createdAt', 'updatedAt'];

/** A record is published (public reads answer it) or a draft (never published, or taken off the website). */
export type RecordStatus = 'published' | 'draft';
export const RECORD_STATUSES: readonly RecordStatus[] = ['published', 'draft'];

/**
 * The `status` a record write asks for, taken out of its body (it is not a field of the section):
 * undefined when it is not sent. Any value but the two statuses is refused.
 */
export function takeStatus(input: RawInput): { status: RecordStatus | undefined; input: RawInput } {
  if (!Object.hasOwn(input.body, 'status')) return { status: undefined, input };
  const { status, ...body } = input.body;
  if (!RECORD_STATUSES.includes(status as RecordStatus)) {
    throw new ValidationError([
      { path: 'status', message: 'status must be "draft" or "published" (or left out, which publishes)' },
    ]);
  }
  return { status: status as RecordStatus, input: { body, uploads: input.uploads } };
}

/** Stands in for an uploaded file while the body is validated; replaced by the media URL before storing. */
export const UPLOAD_PLACEHOLDER = '/media/upload';

/** Media URLs this server hands out: /media/{sha256}.{ext}. */
export const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

/** zod issues as `{ path, message }`, one per unknown key so each is named. */
export function issuesOf(error: z.ZodError, sectionLabel: string): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      return issue.keys.map((key) => ({
        path: `${prefix}${key}`,
        message: `${key} is not a field of ${sectionLabel}`,
      }));
    }
    return [{ path: issue.path.join('.'), message: issue.message }];
  });
}

/** PostgreSQL text cannot hold NUL; refusing it on both databases keeps them alike. */
export function refuseNul(value: unknown, path = ''): void {
  const issues: FieldIssue[] = [];
  const walk = (node: unknown, at: string, depth: number) => {
    if (typeof node === 'string') {
      if (node.includes('\u0000'))
        issues.push({ path: at, message: `${at || 'the body'} contains a NUL character, which cannot be stored` });
    } else if (node && typeof node === 'object' && depth < 4) {
      for (const [key, child] of Object.entries(node)) walk(child, at ? `${at}.${key}` : key, depth + 1);
    }
  };
  walk(value, path, 0);
  if (issues.length) throw new ValidationError(issues);
}

function refuseServerOwned(body: Record<string, unknown>): void {
  const sent = SERVER_OWNED_KEYS.filter((key) => Object.hasOwn(body, key));
  if (sent.length)
    throw new ValidationError(
      sent.map((key) => ({ path: key, message: `${key} is set by the server and cannot be sent` })),
    );
}

const inputSchemas = new WeakMap<SectionDef, Map<`${WriteMode} ${InLanguage}`, z.ZodType>>();

/** A section's body schema is a pure function of the registry: built (and compiled by zod) once, not per write. */
function inputSchema(section: SectionDef, mode: WriteMode, inLanguage: InLanguage): z.ZodType {
  let byMode = inputSchemas.get(section);
  if (!byMode) {
    byMode = new Map();
    inputSchemas.set(section, byMode);
  }
  const key = `${mode} ${inLanguage}` as const;
  let schema = byMode.get(key);
  if (!schema) {
    schema = recordInputSchema(section, mode, inLanguage);
    byMode.set(key, schema);
  }
  return schema;
}

/**
 * Checks a record write against the registry; answers the fields to store by registry name. A write in another
 * language than the default may leave sub-item texts empty.
 */
export function validateRecord(
  section: SectionDef,
  mode: WriteMode,
  input: RawInput,
  inLanguage: InLanguage = 'default',
): Record<string, unknown> {
  refuseServerOwned(input.body);
  refuseNul(input.body);
  const candidate: Record<string, unknown> = { ...input.body };
  for (const name of input.uploads.keys()) {
    if (candidate[name] !== undefined && candidate[name] !== null) {
      throw new ValidationError([{ path: name, message: `${name} is sent both as a file and as text; send one` }]);
    }
    candidate[name] = UPLOAD_PLACEHOLDER;
  }
  // an empty image field means "no image", like null
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind === 'image' && candidate[name] === '' && !isRequired(def, mode)) candidate[name] = null;
  }
  const parsed = inputSchema(section, mode, inLanguage).safeParse(candidate);
  if (!parsed.success) throw new ValidationError(issuesOf(parsed.error, section.label));
  const values = parsed.data as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const [name, def] of Object.entries(section.fields)) {
    const value = values[name];
    if (def.kind === 'image' && typeof value === 'string' && value !== UPLOAD_PLACEHOLDER && !MEDIA_URL.test(value)) {
      issues.push({ path: name, message: `${name} must be an image uploaded to this server (/media/…), or empty` });
    }
    if (def.kind === 'date' && value === '') values[name] = null;
  }
  if (issues.length) throw new ValidationError(issues);
  return values;
}
