import { type SectionDef, type SectionRecord, translatedFieldsOf } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { Languages } from '../locales/catalogue.ts';
import { RECORD_ITSELF, readTranslations } from '../locales/translations-store.ts';
import type { PendingTranslation } from '../pending/pending-translations-store.ts';

/**
 * What a read asks of languages (`?locale=`), decided once per request:
 * - `one`: every translated field in `code`, else in the first language of `chain` (the default last) that has it;
 *   `fallback=none` answers null instead. Each record and sub-item carries `locale` and `fallback_fields`.
 * - `every` (`?locale=*`): each translated field as an object by language code, for the console and a website's build.
 */
export type LocaleRead =
  | { kind: 'one'; code: string; chain: readonly string[]; noFallback: boolean; languages: Languages }
  | { kind: 'every'; languages: Languages };

/**
 * A read in one language with its fallbacks, the languages not yet on the website included: how a write in a
 * language, or that language's waiting changes, answer the record to the editor who wrote them.
 */
export const editorReadIn = (languages: Languages, code: string): LocaleRead => ({
  kind: 'one',
  code,
  chain: languages.chain(code, false),
  noFallback: false,
  languages,
});

type Item = Record<string, unknown>;

/** The languages a read looks in besides the default one, whose values are the section tables' own. */
function lookedUpIn(read: LocaleRead): string[] {
  const { defaultCode } = read.languages;
  const codes =
    read.kind === 'every' ? read.languages.list.map((l) => l.code) : read.noFallback ? [read.code] : read.chain;
  return codes.filter((code) => code !== defaultCode);
}

/** The translations of some records, by record, item, language and field. */
class TranslationIndex {
  readonly #values = new Map<string, string>();
  add(recordId: number, itemId: number, locale: string, field: string, value: string): void {
    this.#values.set(`${recordId}\u0000${itemId}\u0000${locale}\u0000${field}`, value);
  }
  get(recordId: number, itemId: number, locale: string, field: string): string | undefined {
    return this.#values.get(`${recordId}\u0000${itemId}\u0000${locale}\u0000${field}`);
  }
  /** A language's waiting changes over its stored values: what a preview shows once they are published. */
  apply(recordId: number, field: string, pending: PendingTranslation): void {
    const set = (itemId: number, name: string, value: string | null) =>
      value === null
        ? this.#values.delete(`${recordId}\u0000${itemId}\u0000${pending.locale}\u0000${name}`)
        : this.add(recordId, itemId, pending.locale, name, value);
    for (const [name, value] of Object.entries(pending.changes.fields)) set(RECORD_ITSELF, name, value);
    for (const [itemId, value] of Object.entries(pending.changes.items)) set(Number(itemId), field, value);
  }
}

/**
 * Records as a read in a language answers them. `defaults` are the default language's values to fall back to, by
 * record id: the live record, so that a preview's fallback never shows a change still waiting (records themselves
 * when left out). `waiting` are other languages' waiting changes to show over their stored values, by record id.
 */
export async function localized(
  db: Db,
  section: SectionDef,
  read: LocaleRead,
  records: SectionRecord[],
  defaults?: ReadonlyMap<number, SectionRecord>,
  waiting?: ReadonlyMap<number, readonly PendingTranslation[]>,
): Promise<SectionRecord[]> {
  const locales = lookedUpIn(read);
  const index = new TranslationIndex();
  const ids = records.map((record) => record.id).filter((id) => id > 0);
  for (const t of await readTranslations(db, section, ids, locales))
    index.add(t.recordId, t.itemId, t.locale, t.field, t.value);
  for (const [recordId, sets] of waiting ?? [])
    for (const pending of sets) index.apply(recordId, section.subItems?.itemKey ?? '', pending);
  const fields = translatedFieldsOf(section.fields);
  const { defaultCode } = read.languages;

  /** One translated value of a record or item: `own` is what the default language says. */
  const valueOf = (recordId: number, itemId: number, field: string, own: unknown) => {
    if (read.kind === 'every') {
      const byCode: Record<string, unknown> = {};
      for (const { code } of read.languages.list)
        byCode[code] = code === defaultCode ? (own ?? null) : (index.get(recordId, itemId, code, field) ?? null);
      return { value: byCode, fellBack: false };
    }
    const chain = read.noFallback ? [read.code] : read.chain;
    for (const code of chain) {
      const value = code === defaultCode ? own : index.get(recordId, itemId, code, field);
      if (value !== undefined && value !== null) return { value, fellBack: code !== read.code };
    }
    return { value: null, fellBack: !read.noFallback && read.code !== defaultCode };
  };
  const tagged = (target: Item, fellBack: string[]) =>
    read.kind === 'one' ? Object.assign(target, { locale: read.code, fallback_fields: fellBack }) : target;

  return records.map((record) => {
    const live = defaults?.get(record.id) ?? record;
    const answer: SectionRecord = { ...record };
    const fellBack: string[] = [];
    for (const field of fields) {
      const own = read.kind === 'one' && read.code === defaultCode ? record[field] : live[field];
      const { value, fellBack: fell } = valueOf(record.id, RECORD_ITSELF, field, own);
      answer[field] = value;
      if (fell) fellBack.push(field);
    }
    const sub = section.subItems;
    if (sub && Array.isArray(record[sub.field])) {
      const liveItems = new Map(
        (Array.isArray(live[sub.field]) ? (live[sub.field] as Item[]) : []).map((item) => [Number(item.id), item]),
      );
      answer[sub.field] = (record[sub.field] as Item[]).map((item) => {
        const id = Number(item.id);
        const own =
          read.kind === 'one' && read.code === defaultCode
            ? item[sub.itemKey]
            : (liveItems.get(id) ?? item)[sub.itemKey];
        const { value, fellBack: fell } = valueOf(record.id, id, sub.itemKey, own);
        return tagged({ ...item, [sub.itemKey]: value }, fell ? [sub.itemKey] : []);
      });
    }
    return tagged(answer, fellBack) as SectionRecord;
  });
}

/**
 * The tag of a record's answer: its version, and for a public read in a language the language and the languages'
 * version too, since a language's fallback or visibility changes what it answers without a write of the record, and
 * whether it falls back at all (`.own` for fallback=none), since that answers another body. Other views answer the
 * record's own tag, which a write sends back as If-Match.
 */
export function viewTag(etag: string, view: 'public' | 'all' | 'preview', locale: LocaleRead | undefined): string {
  if (view !== 'public' || locale?.kind !== 'one') return etag;
  return `${etag.slice(0, -1)}~${locale.code}.${locale.languages.version}${locale.noFallback ? '.own' : ''}"`;
}
