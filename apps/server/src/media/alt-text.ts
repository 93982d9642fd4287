import { ALT_FIELD_SUFFIX, MEDIA_ALT_MAX_LENGTH, type SectionDef } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import { ValidationError } from '../lib/errors.ts';
import { mediaFileName } from './media-name.ts';
import { imageFieldsOf, imageNameOf } from './image-fields.ts';
import { altTextsIn } from './alt-in-languages.ts';

/**
 * An image's alternative text belongs to the image (one row of `media`), not to the records that show it:
 * written once, it describes the image wherever it appears. Record answers carry it beside each image field.
 */

/** The field beside image field `field` that carries its alternative text: `image` → `image_alt`. */
const altFieldOf = (field: string): string => `${field}${ALT_FIELD_SUFFIX}`;

const altFieldsBySection = new WeakMap<SectionDef, Map<string, string>>();

/** A section's alternative-text fields, each with the image field it describes; empty without image fields. */
export function altFieldsOf(section: SectionDef): ReadonlyMap<string, string> {
  let fields = altFieldsBySection.get(section);
  if (!fields) {
    fields = new Map(imageFieldsOf(section).map((field) => [altFieldOf(field), field]));
    altFieldsBySection.set(section, fields);
  }
  return fields;
}

/** Control characters (C0, DEL, C1), line breaks included: alternative text is one line of plain text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Checks alternative text as sent and answers it trimmed; '' means the image has none. */
export function checkAltText(value: unknown, path: string): string {
  const refuse = (message: string) => new ValidationError([{ path, message }]);
  if (typeof value !== 'string') throw refuse(`${path} must be text`);
  const text = value.trim();
  if (CONTROL.test(text))
    throw refuse(`${path} must be plain text on one line, without line breaks, tabs or other control characters`);
  if (text.length > MEDIA_ALT_MAX_LENGTH)
    throw refuse(`${path} must be at most ${MEDIA_ALT_MAX_LENGTH} characters (it has ${text.length})`);
  return text;
}

interface ImageDetails {
  alt: string;
  width: number | null;
  height: number | null;
  focal_x: number | null;
  focal_y: number | null;
}

const NO_IMAGE: ImageDetails = { alt: '', width: null, height: null, focal_x: null, focal_y: null };

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * The language a read answers alternative text in (its `?locale`; the records' read in a language has this shape):
 * `one`, the language's own text, else that of the first language of its chain that has one, the default's last
 * (`noFallback`: null when the language has none); `every`, an object by language code.
 */
export type AltLanguage =
  | { kind: 'one'; code: string; chain: readonly string[]; noFallback: boolean; languages: { defaultCode: string } }
  | { kind: 'every'; languages: { defaultCode: string; list: readonly { code: string }[] } };

/** The languages besides the default whose texts a read in `language` may answer. */
function altLanguagesRead(language: AltLanguage): string[] {
  const { defaultCode } = language.languages;
  const codes =
    language.kind === 'every'
      ? language.languages.list.map((l) => l.code)
      : language.noFallback
        ? [language.code]
        : language.chain;
  return codes.filter((code) => code !== defaultCode);
}

/** An image's alternative text as a read in `language` answers it; `own` are its texts in other languages. */
function altIn(
  language: AltLanguage,
  image: ImageDetails,
  own: ReadonlyMap<string, string> | undefined,
): { value: unknown; fellBack: boolean } {
  const { defaultCode } = language.languages;
  const textIn = (code: string) => (code === defaultCode ? image.alt : (own?.get(code) ?? ''));
  if (language.kind === 'every') {
    const byCode: Record<string, string | null> = {};
    for (const { code } of language.languages.list)
      byCode[code] = code === defaultCode ? image.alt : (own?.get(code) ?? null);
    return { value: byCode, fellBack: false };
  }
  if (language.code === defaultCode) return { value: image.alt, fellBack: false };
  for (const code of language.noFallback ? [language.code] : language.chain) {
    const text = textIn(code);
    if (text !== '') return { value: text, fellBack: code !== language.code };
  }
  // no language has text: nothing was shown in another language
  return { value: language.noFallback ? null : '', fellBack: false };
}

/**
 * Records as answered, each image field followed by what a website needs to show it: its alternative text
 * (`F_alt`, '' when the field is empty or the image has none), the stored original's size in pixels
 * (`F_width`, `F_height`; null for an SVG, or an image not measured yet) and its focal point (`F_focal_x`,
 * `F_focal_y`, 0 to 1; null when the field is empty). One query for all the records' images (and one for their
 * texts in other languages, for a read in a language); a section without image fields is answered as it is,
 * without a query. In a language, `F_alt` falls back like a translated field, and a record's `fallback_fields`
 * names it when the text shown is another language's.
 */
export async function withAltText<R extends Record<string, unknown>>(
  db: Db,
  section: SectionDef,
  records: R[],
  language?: AltLanguage,
): Promise<R[]> {
  const fields = imageFieldsOf(section);
  if (fields.length === 0 || records.length === 0) return records;
  const shown = new Map<string, string>();
  for (const record of records)
    for (const field of fields) {
      const name = imageNameOf(record[field]);
      if (name) shown.set(name.sha256, mediaFileName(name));
    }
  const details = new Map<string, ImageDetails>();
  if (shown.size > 0) {
    const rows = await db
      .selectFrom('media')
      .select(['sha256', 'ext', 'alt', 'width', 'height', 'focal_x', 'focal_y'])
      .where('sha256', 'in', [...shown.keys()])
      .execute();
    for (const row of rows)
      details.set(mediaFileName(row), {
        alt: row.alt,
        width: numberOrNull(row.width),
        height: numberOrNull(row.height),
        focal_x: Number(row.focal_x),
        focal_y: Number(row.focal_y),
      });
  }
  const inLanguages = language
    ? await altTextsIn(db, [...shown.keys()], altLanguagesRead(language))
    : new Map<string, Map<string, string>>();
  return records.map((record) => {
    const answered: Record<string, unknown> = {};
    const fellBack: string[] = [];
    for (const [key, value] of Object.entries(record)) {
      answered[key] = value;
      if (!fields.includes(key)) continue;
      const name = imageNameOf(value);
      const stored = name && details.get(mediaFileName(name));
      const image = stored || NO_IMAGE;
      if (language && name && stored) {
        const alt = altIn(language, image, inLanguages.get(name.sha256));
        answered[altFieldOf(key)] = alt.value;
        if (alt.fellBack) fellBack.push(altFieldOf(key));
      } else answered[altFieldOf(key)] = image.alt;
      answered[`${key}_width`] = image.width;
      answered[`${key}_height`] = image.height;
      answered[`${key}_focal_x`] = image.focal_x;
      answered[`${key}_focal_y`] = image.focal_y;
    }
    if (fellBack.length > 0 && Array.isArray(answered.fallback_fields))
      answered.fallback_fields = [...(answered.fallback_fields as string[]), ...fellBack];
    return answered as R;
  });
}

export async function recordWithAltText<R extends Record<string, unknown>>(
  db: Db,
  section: SectionDef,
  record: R,
  language?: AltLanguage,
): Promise<R> {
  const [answered] = await withAltText(db, section, [record], language);
  return answered ?? record;
}
