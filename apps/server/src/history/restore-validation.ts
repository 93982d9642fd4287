import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { ValidationError } from '../lib/errors.ts';
import { type RecordStatus, validateRecord } from '../records/record-validation.ts';
import { bodyOf } from '../records/pending-record.ts';
import { type PreparedWrite, prepareWrite } from '../records/write-columns.ts';
import { type CheckedTranslation, checkRevisionTranslations } from '../records/translation-writes.ts';
import { type CheckedLanguageChanges, checkRevisionLanguageChanges } from './restore-language-changes.ts';

/** A revision's record checked and prepared as a full PUT of it would be today. */
export interface RestorableVersion {
  values: Record<string, unknown>;
  prepared: PreparedWrite;
  /** The status it had; a revision older than drafts was published. */
  status: RecordStatus;
  /** The changes that were waiting on it, checked as a save of them would be; null when none were. */
  pending: { record: SectionRecord; values: Record<string, unknown>; prepared: PreparedWrite } | null;
  /** Its values in other languages, checked as writes in them would be, by language. */
  translations: Map<string, CheckedTranslation>;
  /** The changes that were waiting in other languages, checked as saves of them would be, by language. */
  languageChanges: Map<string, CheckedLanguageChanges>;
}

/** The refusal of a version that no longer passes today's rules: it names the fields, and what to do instead. */
function refusal(error: ValidationError): ValidationError {
  const reasons = error.fields?.map((field) => field.message).join('; ') || error.message;
  return new ValidationError(
    error.fields ?? [],
    `This version cannot be restored: ${reasons}. Edit the record instead.`,
  );
}

async function checked(config: Config, section: SectionDef, record: SectionRecord) {
  const values = validateRecord(section, 'create', { body: bodyOf(section, record), uploads: new Map() });
  return { values, prepared: await prepareWrite(config, section, values, new Map()) };
}

const isRecord = (value: unknown): value is SectionRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A revision holds what was stored then, under the rules of then, or whatever was written into the
 * revisions table: restoring it writes the record again, so it passes today's validation and
 * sanitising like any write (rich text cleaned exactly as a PUT cleans it), or is refused before
 * anything is written. Every field of the section is sent, an absent one as empty. The changes that
 * were waiting on it, in every language, are checked the same way.
 */
export async function restorableVersion(
  config: Config,
  section: SectionDef,
  record: SectionRecord,
): Promise<RestorableVersion> {
  try {
    const live = await checked(config, section, record);
    const waiting = record.pending_changes;
    const pending = isRecord(waiting) ? { record: waiting, ...(await checked(config, section, waiting)) } : null;
    const translations = await checkRevisionTranslations(config, section, record.translations);
    const languageChanges = await checkRevisionLanguageChanges(config, section, record.pending_translations);
    const status = record.status === 'draft' ? 'draft' : 'published';
    return { ...live, status, pending, translations, languageChanges };
  } catch (error) {
    // the checks and the sanitiser (rich text past its bounds) both refuse with a ValidationError
    throw error instanceof ValidationError ? refusal(error) : error;
  }
}
