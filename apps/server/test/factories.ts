import { type FieldDef, type SectionDef, isRequired } from '@bursary/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { encodePng } from '@bursary/shared/png';
import { storeImage } from '../src/media/store.ts';

/** A real 8×8 PNG; `seed` changes its pixels, so each seed is a different image. */
export const samplePng = (seed = 1) =>
  encodePng(8, 8, (x, y) => [(x * 32 + seed * 17) % 256, (y * 32 + seed * 5) % 256, (seed * 29) % 256]);

export async function storedImageUrl(db: Kysely<Database>, seed = 1): Promise<string> {
  return storeImage(db, { bytes: samplePng(seed) }, 5 * 1024 * 1024);
}

/** A valid value of a field, different for each `n`. */
function sampleValue(name: string, def: FieldDef, n: number, imageUrl: string): unknown {
  switch (def.kind) {
    case 'number':
      return 100 + n;
    case 'date':
      return `2024-0${(n % 9) + 1}-1${n % 10}`;
    case 'image':
      return imageUrl;
    case 'richtext':
      return `<p>${name} sample ${n} <strong>bold</strong></p>`;
    default:
      return `${name} sample ${n}`;
  }
}

/** A complete valid body of a section: every field filled. */
export function sampleRecord(section: SectionDef, n: number, imageUrl: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(section.fields).map(([name, def]) => [name, sampleValue(name, def, n, imageUrl)]),
  );
}

/** The fields required on create: leaving them out must fail. */
export const requiredOnCreate = (section: SectionDef) =>
  Object.entries(section.fields)
    .filter(([, def]) => isRequired(def, 'create'))
    .map(([name]) => name);

/** A text-like field to change in an update and to search for. */
export function textField(section: SectionDef): string {
  const found = section.search.find((name) => ['text', 'textarea'].includes(section.fields[name]?.kind ?? ''));
  return found ?? section.search[0] ?? section.titleField;
}
