import type { SectionDef } from '@bursary/shared';
import { type MediaName, parseMediaName } from './media-name.ts';

export const MEDIA_PREFIX = '/media/';

/** A section's fields that can show a stored image: image fields and rich text. */
export interface ImageCarriers {
  images: readonly string[];
  richText: readonly string[];
}

const carriersBySection = new WeakMap<SectionDef, ImageCarriers>();

/** Read from the registry once per section. */
export function imageCarriersOf(section: SectionDef): ImageCarriers {
  let carriers = carriersBySection.get(section);
  if (!carriers) {
    const fields = Object.entries(section.fields);
    carriers = {
      images: fields.filter(([, def]) => def.kind === 'image').map(([name]) => name),
      richText: fields.filter(([, def]) => def.kind === 'richtext').map(([name]) => name),
    };
    carriersBySection.set(section, carriers);
  }
  return carriers;
}

/** The image fields of a section, in registry order; none for most sections. */
export const imageFieldsOf = (section: SectionDef): readonly string[] => imageCarriersOf(section).images;

/** The stored image an image field's value names, relative or under `publicUrl`; undefined for anything else. */
export function imageNameOf(value: unknown, publicUrl?: string): MediaName | undefined {
  if (typeof value !== 'string') return undefined;
  const relative = publicUrl && value.startsWith(`${publicUrl}${MEDIA_PREFIX}`) ? value.slice(publicUrl.length) : value;
  return relative.startsWith(MEDIA_PREFIX) ? parseMediaName(relative.slice(MEDIA_PREFIX.length)) : undefined;
}
