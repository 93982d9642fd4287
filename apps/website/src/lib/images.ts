import { image, type ImageField, type ResponsiveImage, type VariantWidth } from '@bursary/client';

/** What an <img> needs of an image field: Bursary's sizes, alternative text and focal point beside it. */
export type Picture = ResponsiveImage;

/** The widths asked of Bursary, up to a wide screen at twice its pixels. */
const WIDTHS: readonly VariantWidth[] = [320, 640, 960, 1280, 1920];

/**
 * The picture of a record's image field, or undefined when it has none: from Bursary's /media at the widths it
 * renders, in the format the browser takes best (`fm=auto`).
 */
export function pictureOf<R extends object>(
  record: R,
  field: ImageField<R>,
  sizes: string,
  mediaBase: string,
): Picture | undefined {
  return image(record, field, { widths: WIDTHS, sizes, format: 'auto', baseUrl: mediaBase }) ?? undefined;
}
