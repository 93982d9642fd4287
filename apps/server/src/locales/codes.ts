import { EVERY_LOCALE } from '@bursary/shared';
import { ValidationError } from '../lib/errors.ts';

/** Longer than any tag a language needs (`zh-Hant-TW`, `sr-Latn-RS`): a limit on what is parsed at all. */
const CODE_MAX_LENGTH = 35;

/** A BCP 47 tag in canonical form (`fr-ca` → `fr-CA`), or undefined when it is not one tag. */
export function canonicalCode(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > CODE_MAX_LENGTH || raw === EVERY_LOCALE) return undefined;
  try {
    const [canonical, ...more] = Intl.getCanonicalLocales(raw);
    return more.length === 0 ? canonical : undefined;
  } catch {
    // RangeError: not a well-formed tag
    return undefined;
  }
}

/** A code sent in a body (`code`, `fallback`), canonical, or 400 naming the field. */
export function checkedCode(raw: unknown, path: string): string {
  const code = typeof raw === 'string' ? canonicalCode(raw.trim()) : undefined;
  if (code === undefined)
    throw new ValidationError([
      {
        path,
        message: `${path} must be a language code (BCP 47), such as fr, fr-CA or sw; ${JSON.stringify(raw)} is not one`,
      },
    ]);
  return code;
}

/** The language's own name for itself, capitalised as a list shows it: `fr` → `Français`, `sw` → `Kiswahili`. */
export function ownName(code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code);
  } catch {
    name = undefined;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
