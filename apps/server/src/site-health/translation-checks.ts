import type { SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { FLAG_OFF, FLAG_ON } from '../db/plan-independent.ts';
import { type LanguageStatus, translationStatusOf } from '../lib/translation-status.ts';
import type { RecordProblem } from './record-checks.ts';

/** A language the website shows besides the default one. */
export interface PublicLanguage {
  code: string;
  name: string;
}

// constants as literals, so the ORDER BY's plan never depends on a bound value (db/plan-independent.ts)
const publicOthers = preparedQuery((db: Db) =>
  db
    .selectFrom('locales')
    .select(['code', 'name'])
    .where('public', '=', FLAG_ON)
    .where('is_default', '=', FLAG_OFF)
    .orderBy('code'),
);

/** The languages the website shows besides the default one, as the transaction sees them. */
export const publicLanguages = async (db: Db): Promise<PublicLanguage[]> => (await publicOthers(db)).rows;

const labelOf = (section: SectionDef, field: string): string =>
  section.fields[field]?.label ?? (section.subItems?.field === field ? `${section.subItems.itemLabel}s` : field);

const quoted = (section: SectionDef, fields: readonly string[]) =>
  fields.map((field) => `"${labelOf(section, field)}"`).join(', ');

/** One problem per language and kind, naming its fields; it links to the first of them, in that language. */
function problemsIn(section: SectionDef, language: PublicLanguage, status: LanguageStatus): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const [missing] = status.missing;
  if (missing !== undefined)
    problems.push({
      check: 'missing-translation',
      severity: 'warning',
      field: missing,
      locale: language.code,
      message: `No ${language.name} text for ${quoted(section, status.missing)}: the website shows the default language's instead. Translate ${status.missing.length > 1 ? 'them' : 'it'} in ${language.name}.`,
    });
  const [outdated] = status.outdated;
  if (outdated !== undefined)
    problems.push({
      check: 'outdated-translation',
      severity: 'notice',
      field: outdated,
      locale: language.code,
      message: `The ${language.name} text of ${quoted(section, status.outdated)} was written before the default language's last change. Update it, or mark it as up to date.`,
    });
  return problems;
}

/**
 * What a published record lacks in the languages the website shows: one problem per language for its missing
 * fields and one for its outdated ones. `live` carries the default language's values (and sub-items when the
 * section has them).
 */
export async function translationProblems(
  db: Db,
  section: SectionDef,
  recordId: number,
  live: Record<string, unknown>,
  languages: readonly PublicLanguage[],
): Promise<RecordProblem[]> {
  if (languages.length === 0) return [];
  const codes = languages.map((language) => language.code);
  const rows = await db
    .selectFrom('translations')
    .select(['item_id', 'locale', 'field', 'source'])
    .where('section', '=', section.slug)
    .where('record_id', '=', recordId)
    .where('locale', 'in', codes)
    .execute();
  const stored = rows.map((row) => ({
    itemId: Number(row.item_id),
    locale: row.locale,
    field: row.field,
    source: row.source,
  }));
  const { record } = translationStatusOf(section, live, stored, codes);
  return languages.flatMap((language) => problemsIn(section, language, record[language.code]!));
}
