import type { SectionDef } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { columnOf } from '../db/naming.ts';
import type { Db } from '../db/types.ts';
import {
  type TranslationChanges,
  putPendingTranslation,
  removePendingTranslations,
} from '../pending/pending-translations-store.ts';
import type { RecordStatus } from '../records/record-validation.ts';
import { validateRecord } from '../records/record-validation.ts';
import { sentItems } from '../records/sub-list.ts';
import { type CheckedTranslation, refuseLanguagesGone } from '../records/translation-writes.ts';
import { prepareWrite, toColumns } from '../records/write-columns.ts';

/**
 * The changes a revision kept waiting in the record's other languages (`pending_translations`), brought back by a
 * restore. Whatever is in the revisions table is checked and cleaned as a save of those changes would be today; the
 * sub-item texts are kept by id as they were, even for items the record no longer has, since publishing them checks
 * the list against the record's and refuses it with a reason the editor can act on.
 */

/** One language's kept changes, checked: the values they set and the translated fields they clear. */
export interface CheckedLanguageChanges {
  write: CheckedTranslation;
  cleared: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A revision's waiting changes in each language, checked before the restore's transaction. */
export async function checkRevisionLanguageChanges(
  config: Config,
  section: SectionDef,
  kept: unknown,
): Promise<Map<string, CheckedLanguageChanges>> {
  const checked = new Map<string, CheckedLanguageChanges>();
  if (!isObject(kept)) return checked;
  const sub = section.subItems;
  for (const [code, changes] of Object.entries(kept)) {
    if (!isObject(changes)) continue;
    const fields = isObject(changes.fields) ? changes.fields : {};
    const body: Record<string, unknown> = {};
    const cleared: string[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (!section.fields[name]?.translated) continue;
      if (value === null) cleared.push(name);
      else body[name] = value;
    }
    if (sub && isObject(changes.items))
      body[sub.field] = Object.entries(changes.items)
        .filter(([, text]) => text !== null)
        .map(([id, text]) => ({ id: Number(id), [sub.itemKey]: text }));
    const values = validateRecord(section, 'update', { body, uploads: new Map() });
    checked.set(code, {
      write: { values, prepared: await prepareWrite(config, section, values, new Map()), alts: new Map() },
      cleared,
    });
  }
  return checked;
}

/**
 * Makes a restored record's waiting changes in other languages those its revision kept, in the restore's
 * transaction; a draft has none (its text in a language is saved on the record itself). 409 when a language they
 * are in no longer exists.
 */
export async function restoreLanguageChanges(
  trx: Db,
  section: SectionDef,
  restored: { id: number; status: RecordStatus },
  checked: ReadonlyMap<string, CheckedLanguageChanges>,
  change: { username: string; now: string },
): Promise<void> {
  await removePendingTranslations(trx, section, restored.id);
  if (checked.size === 0 || restored.status === 'draft') return;
  await refuseLanguagesGone(trx, checked.keys());
  const sub = section.subItems;
  for (const [code, { write, cleared }] of checked) {
    const { [sub?.field ?? '']: list, ...values } = write.values;
    const columns = await toColumns(trx, section, values, write.prepared, 'update');
    const changes: TranslationChanges = { fields: {}, items: {} };
    for (const name of Object.keys(values)) {
      const value = columns[columnOf(name)];
      if (typeof value === 'string') changes.fields[name] = value;
    }
    for (const name of cleared) changes.fields[name] = null;
    if (sub)
      for (const item of sentItems(sub, list)) if (item.id !== undefined) changes.items[String(item.id)] = item.text;
    await putPendingTranslation(trx, section, restored.id, code, { changes, ...change });
  }
}
