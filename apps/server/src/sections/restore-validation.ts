import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { ValidationError } from '../lib/errors.ts';
import { validateRecord } from './record-validation.ts';
import { type PreparedWrite, prepareWrite } from './write-columns.ts';

/** A revision's record checked and prepared as a full PUT of it would be today. */
export interface RestorableVersion {
  values: Record<string, unknown>;
  prepared: PreparedWrite;
}

/** The refusal of a version that no longer passes today's rules: it names the fields, and what to do instead. */
function refusal(error: ValidationError): ValidationError {
  const reasons = error.fields?.map((field) => field.message).join('; ') || error.message;
  return new ValidationError(
    error.fields ?? [],
    `This version cannot be restored: ${reasons}. Edit the record instead.`,
  );
}

/**
 * A revision holds what was stored then, under the rules of then, or whatever was written into the
 * revisions table: restoring it writes the record again, so it passes today's validation and
 * sanitising like any write (rich text cleaned exactly as a PUT cleans it), or is refused before
 * anything is written. Every field of the section is sent, an absent one as empty.
 */
export async function restorableVersion(
  config: Config,
  section: SectionDef,
  record: SectionRecord,
): Promise<RestorableVersion> {
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(section.fields)) body[name] = record[name] ?? null;
  const sub = section.subItems;
  if (sub && Array.isArray(record[sub.field])) body[sub.field] = record[sub.field];
  try {
    const values = validateRecord(section, 'create', { body, uploads: new Map() });
    return { values, prepared: await prepareWrite(config, section, values, new Map()) };
  } catch (error) {
    // the checks and the sanitiser (rich text past its bounds) both refuse with a ValidationError
    throw error instanceof ValidationError ? refusal(error) : error;
  }
}
