import type { SectionDef } from '@bursary/shared';

const MEDIA_PREFIX = '/media/';
/** A rich-text image whose source is this server's media, relative or under `base`. */
const mediaSources = (base: string) => new RegExp(`(src=["'])(?:${escapeRegExp(base)})?/media/`, 'g');

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * With PUBLIC_URL set, answers name media by their full address, so the fund's website (on another origin) can use
 * them as they come; stored records keep the relative form, so the address can change without touching any data.
 */
export function absoluteMediaUrls(section: SectionDef, publicUrl: string): (payload: unknown) => unknown {
  const images = Object.entries(section.fields)
    .filter(([, def]) => def.kind === 'image')
    .map(([name]) => name);
  const richText = Object.entries(section.fields)
    .filter(([, def]) => def.kind === 'richtext')
    .map(([name]) => name);
  const sources = mediaSources(publicUrl);
  const one = (record: unknown): unknown => {
    if (!isRecord(record)) return record;
    let copy: Json | undefined;
    const set = (name: string, value: string) => {
      copy ??= { ...record };
      copy[name] = value;
    };
    for (const name of images) {
      const value = record[name];
      if (typeof value === 'string' && value.startsWith(MEDIA_PREFIX)) set(name, `${publicUrl}${value}`);
    }
    for (const name of richText) {
      const value = record[name];
      if (typeof value === 'string' && value.includes(MEDIA_PREFIX))
        set(name, value.replace(sources, `$1${publicUrl}${MEDIA_PREFIX}`));
    }
    return copy ?? record;
  };
  return (payload) => (Array.isArray(payload) ? payload.map(one) : one(payload));
}

/**
 * The console sends back what it read: media under PUBLIC_URL are this server's own, stored in their relative form.
 * Images inside rich text are turned relative by the sanitiser, which knows PUBLIC_URL too.
 */
export function relativeMediaUrls(section: SectionDef, publicUrl: string | undefined, body: Json): Json {
  if (!publicUrl) return body;
  const absolute = `${publicUrl}${MEDIA_PREFIX}`;
  let copy: Json | undefined;
  for (const [name, def] of Object.entries(section.fields)) {
    const value = body[name];
    if (def.kind !== 'image' || typeof value !== 'string' || !value.startsWith(absolute)) continue;
    copy ??= { ...body };
    copy[name] = value.slice(publicUrl.length);
  }
  return copy ?? body;
}
