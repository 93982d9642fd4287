import type { SectionDef, SectionRecord } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { translationStatusOf } from '../lib/translation-status.ts';
import type { Languages } from '../locales/catalogue.ts';
import { readTranslations } from '../locales/translations-store.ts';
import { pendingTranslationsIn } from '../pending/pending-translations-store.ts';

type Item = Record<string, unknown>;

/**
 * Answers of `status=all` and `locale=*` reads with `translations`: for every language but the default, the
 * translated fields each record (and each sub-item) lacks (`missing`) or whose default text changed after they
 * were translated (`outdated`); and on each record `waiting_locales`, the languages but the default whose changes wait
 * to be published, which a list in the default language cannot tell otherwise (its `has_changes` is its own
 * language's). `records` are the records as stored, in the default language, in the order of `answers`. With one
 * language, the answers are left exactly as they were.
 */
export async function withTranslationStatus(
  db: Db,
  section: SectionDef,
  languages: Languages,
  records: readonly SectionRecord[],
  answers: SectionRecord[],
): Promise<SectionRecord[]> {
  const codes = languages.list.map((l) => l.code).filter((code) => code !== languages.defaultCode);
  if (codes.length === 0) return answers;
  const ids = records.map((record) => record.id).filter((id) => id > 0);
  const stored = await readTranslations(db, section, ids, codes);
  const waiting = await pendingTranslationsIn(db, section, ids);
  const sub = section.subItems;
  return answers.map((answer, index) => {
    const record = records[index] ?? answer;
    const status = translationStatusOf(
      section,
      record,
      stored.filter((t) => t.recordId === record.id),
      codes,
    );
    const waitingIn = new Set((waiting.get(record.id) ?? []).map((set) => set.locale));
    const withStatus: SectionRecord = {
      ...answer,
      translations: status.record,
      waiting_locales: codes.filter((code) => waitingIn.has(code)),
    };
    if (sub && Array.isArray(answer[sub.field]))
      withStatus[sub.field] = (answer[sub.field] as Item[]).map((item) => {
        const own = status.items.get(Number(item.id));
        return own ? { ...item, translations: own } : item;
      });
    return withStatus;
  });
}
