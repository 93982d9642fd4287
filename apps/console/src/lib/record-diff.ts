import { diffWords } from 'diff';
import { type FieldDef, type SectionDef, type SectionRecord, type SubItems, translatedFieldsOf } from '@bursary/shared';
import { formatDate } from '@/lib/format-date';
import { itemsOf, stripTags } from '@/lib/record-text';

/** A run of words: kept, or added or removed since the version compared. */
export interface WordPart {
  text: string;
  change: 'kept' | 'added' | 'removed';
}

/** How one field of a record differs between a version and the current record, in plain terms. */
export type FieldDifference =
  | { kind: 'words'; name: string; label: string; parts: WordPart[] }
  | { kind: 'image'; name: string; label: string; before: string; after: string }
  | { kind: 'value'; name: string; label: string; before: string; after: string }
  | { kind: 'items'; name: string; label: string; added: string[]; removed: string[]; changed: WordPart[][] };

/** A field of a version as it reads on its own (a deleted record has nothing to compare with). */
export type FieldContent =
  | { kind: 'text' | 'value' | 'image'; name: string; label: string; value: string }
  | { kind: 'items'; name: string; label: string; items: string[] };

/** Large texts that differ everywhere are shown as replaced whole rather than diffed word by word. */
const MAX_WORD_EDITS = 2_000;

/** The text a reader sees in a field: rich text without its markup, a date in the section pages' reading. */
function readable(def: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  if (def.kind === 'richtext') return stripTags(text);
  if (def.kind === 'date' && text !== '') return formatDate(text);
  return text;
}

function wordParts(before: string, after: string): WordPart[] {
  const changes = diffWords(before, after, { maxEditLength: MAX_WORD_EDITS });
  const asParts = changes ?? [
    { value: before, added: false, removed: true },
    { value: after, added: true, removed: false },
  ];
  return asParts
    .filter((change) => change.value !== '')
    .map((change) => ({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'kept' }));
}

/** A sub-item list's plural name: its item label with an s ('Mission point' → 'Mission points'). */
const itemsLabel = (sub: SubItems): string => `${sub.itemLabel}s`;

function itemTexts(record: SectionRecord, sub: SubItems): Map<number, string> {
  return new Map(itemsOf(record, sub.field).map((item) => [item.id, String(item[sub.itemKey] ?? '')]));
}

function itemsDifference(sub: SubItems, version: SectionRecord, current: SectionRecord): FieldDifference | null {
  const before = itemTexts(version, sub);
  const after = itemTexts(current, sub);
  const added = [...after].filter(([id]) => !before.has(id)).map(([, text]) => text);
  const removed = [...before].filter(([id]) => !after.has(id)).map(([, text]) => text);
  const changed = [...before]
    .filter(([id, text]) => after.has(id) && after.get(id) !== text)
    .map(([id, text]) => wordParts(text, after.get(id) ?? ''));
  if (added.length + removed.length + changed.length === 0) return null;
  return { kind: 'items', name: sub.field, label: itemsLabel(sub), added, removed, changed };
}

function fieldDifference(
  name: string,
  def: FieldDef,
  version: SectionRecord,
  current: SectionRecord,
): FieldDifference | null {
  const before = readable(def, version[name]);
  const after = readable(def, current[name]);
  if (before === after) return null;
  if (def.kind === 'image') return { kind: 'image', name, label: def.label, before, after };
  if (def.kind === 'number' || def.kind === 'date') return { kind: 'value', name, label: def.label, before, after };
  return { kind: 'words', name, label: def.label, parts: wordParts(before, after) };
}

/**
 * What changed from a version to the current record, field by field in the section's order,
 * sub-items last; empty when they read the same. Timestamps are not the record's content.
 */
export function recordDifferences(
  section: SectionDef,
  version: SectionRecord,
  current: SectionRecord,
): FieldDifference[] {
  const fields = Object.entries(section.fields).map(([name, def]) => fieldDifference(name, def, version, current));
  const items = section.subItems ? [itemsDifference(section.subItems, version, current)] : [];
  return [...fields, ...items].filter((difference): difference is FieldDifference => difference !== null);
}

/** A version's content on its own, for a record that is deleted. */
export function versionContent(section: SectionDef, version: SectionRecord): FieldContent[] {
  const fields = Object.entries(section.fields).map(([name, def]): FieldContent => ({
    kind: def.kind === 'image' ? 'image' : def.kind === 'number' || def.kind === 'date' ? 'value' : 'text',
    name,
    label: def.label,
    value: readable(def, version[name]),
  }));
  const sub = section.subItems;
  if (!sub) return fields;
  return [
    ...fields,
    { kind: 'items', name: sub.field, label: itemsLabel(sub), items: [...itemTexts(version, sub).values()] },
  ];
}

/** A version's text in each language other than the default, by code, as its revision keeps it (`translations`). */
export type VersionTranslations = Record<string, SectionRecord>;

const isObject = (value: unknown): value is SectionRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function translationsOfVersion(record: SectionRecord | undefined): VersionTranslations {
  const value = record?.translations;
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, values]) => isObject(values))) as VersionTranslations;
}

/**
 * A record as it reads in one language other than the default: its translated fields in that language (empty where it
 * has none) and the sub-items named, each with its text in that language. Shared fields are the default's alone.
 */
function inLanguage(section: SectionDef, values: SectionRecord | undefined, itemIds: readonly number[]): SectionRecord {
  const copy: SectionRecord = { id: 0 };
  for (const name of translatedFieldsOf(section.fields)) copy[name] = values?.[name] ?? null;
  const sub = section.subItems;
  if (sub) {
    const texts = values ? itemTexts(values, sub) : new Map<number, string>();
    copy[sub.field] = itemIds.map((id) => ({ id, [sub.itemKey]: texts.get(id) ?? '' }));
  }
  return copy;
}

const itemIdsOf = (section: SectionDef, record: SectionRecord): number[] =>
  section.subItems ? itemsOf(record, section.subItems.field).map((item) => item.id) : [];

/** What changed in one language: null is the default language, whose fields are the record's own. */
export interface LanguageDifferences {
  code: string | null;
  differences: FieldDifference[];
}

/**
 * What changed from a version to the current record in each language: the default language's fields as
 * `recordDifferences` says, then each other language's translated texts (sub-items that both have: items come and go
 * in the default language). Empty groups are kept; one group alone means the record has never had another language.
 */
export function differencesByLanguage(
  section: SectionDef,
  version: SectionRecord,
  current: SectionRecord,
  currentTranslations: VersionTranslations,
): LanguageDifferences[] {
  const before = translationsOfVersion(version);
  const currentIds = new Set(itemIdsOf(section, current));
  const bothIds = itemIdsOf(section, version).filter((id) => currentIds.has(id));
  const codes = [...new Set([...Object.keys(before), ...Object.keys(currentTranslations)])].sort();
  return [
    { code: null, differences: recordDifferences(section, version, current) },
    ...codes.map((code) => ({
      code,
      differences: recordDifferences(
        section,
        inLanguage(section, before[code], bothIds),
        inLanguage(section, currentTranslations[code], bothIds),
      ),
    })),
  ];
}

/** What a deleted record's version held in one language other than the default: its translated texts only. */
export function versionContentIn(section: SectionDef, version: SectionRecord, code: string): FieldContent[] {
  const translated = new Set([...translatedFieldsOf(section.fields), section.subItems?.field]);
  const values = inLanguage(section, translationsOfVersion(version)[code], itemIdsOf(section, version));
  return versionContent(section, values).filter((field) => translated.has(field.name));
}
