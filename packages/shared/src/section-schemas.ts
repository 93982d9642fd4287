import { z } from 'zod';
import { type WriteMode } from './fields.ts';
import { valueSchema } from './field-schemas.ts';
import { type SectionDef, type SubItems, subItemText } from './section.ts';

/**
 * The body schema of a record write. Strict: unknown keys, and server-owned ones such as
 * id and timestamps, are refused rather than silently dropped.
 */
export function recordInputSchema(section: SectionDef, mode: WriteMode, inLanguage: InLanguage = 'default') {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(section.fields)) shape[name] = valueSchema(name, def, mode);
  if (section.subItems) {
    const sub = section.subItems;
    shape[sub.field] = z
      .array(subItemSchema(sub, 'create', inLanguage))
      .max(200)
      .optional();
  }
  return z.strictObject(shape);
}

/**
 * The language a write is in. In another language than the default a sub-item's text may be left empty (or null):
 * that item has no translation yet and shows its fallback's text, as any translated field left empty does.
 */
export type InLanguage = 'default' | 'other';

/** One sub-item as sent in a list: an id is given for existing items and absent for new ones. */
export function subItemSchema(sub: SubItems, mode: WriteMode, inLanguage: InLanguage = 'default') {
  const required = subItemText(sub);
  const def = inLanguage === 'default' ? required : { ...required, required: 'never' as const };
  const itemText = valueSchema(sub.itemKey, def, 'create');
  const id = z.number().int().positive();
  return z.strictObject({ id: mode === 'create' ? id.optional() : id, [sub.itemKey]: itemText });
}

/** PUT /api/{slug}/sub-edit body: { [field]: [{ id, [itemKey] }] }. */
export function subEditSchema(sub: SubItems, inLanguage: InLanguage = 'default') {
  return z.strictObject({ [sub.field]: z.array(subItemSchema(sub, 'create', inLanguage)).max(200) });
}

/** POST /api/{slug}/sub body: { [itemKey]: text }. */
export function subAddSchema(sub: SubItems) {
  return z.strictObject({ [sub.itemKey]: valueSchema(sub.itemKey, subItemText(sub), 'create') });
}
