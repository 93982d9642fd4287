import { srcset, type VariantWidth } from '@bursary/client';

/** What an <img> needs of an image field: Bursary's sizes, alternative text and focal point beside it. */
export interface Picture {
  src: string;
  srcset: string;
  sizes: string;
  width: number | undefined;
  height: number | undefined;
  alt: string;
  objectPosition: string;
}

const WIDTHS: readonly VariantWidth[] = [320, 640, 960, 1280, 1920];

type ImageRecord = Record<string, unknown>;

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The picture of a record's image field `field` (with `field_alt`, `field_width`…), or undefined when it has none.
 * Images come from Bursary's /media in the format the browser takes best (`fm=auto`), at the widths it renders.
 */
export function pictureOf(record: ImageRecord, field: string, sizes: string, mediaBase: string): Picture | undefined {
  const src = record[field];
  if (typeof src !== 'string' || src === '') return undefined;
  const width = numberOr(record[`${field}_width`]);
  const focalX = numberOr(record[`${field}_focal_x`]) ?? 0.5;
  const focalY = numberOr(record[`${field}_focal_y`]) ?? 0.5;
  const alt = record[`${field}_alt`];
  return {
    src: new URL(src, mediaBase).href,
    srcset: srcset({ src, width: width ?? null }, WIDTHS, { baseUrl: mediaBase, format: 'auto' }),
    sizes,
    width,
    height: numberOr(record[`${field}_height`]),
    alt: typeof alt === 'string' ? alt : '',
    objectPosition: `${Math.round(focalX * 100)}% ${Math.round(focalY * 100)}%`,
  };
}
