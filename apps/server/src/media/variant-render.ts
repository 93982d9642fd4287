import type { Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';
import type { VariantFormat } from './variant-params.ts';

/** A format a variant is written in: those asked for by fm, and GIF, kept when a GIF is only resized. */
export type OutputFormat = VariantFormat | 'gif';

/** Where the subject of an image is, from 0 to 1 across and down; a crop keeps it in view. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * The most a variant is wide, and the most pixels it has: the largest size a page asks for (w=1920), squared. A
 * conversion without a width, or of a very tall image, is scaled down to fit, so no one request (anonymous, as
 * image addresses are) makes a full-size encode of a 50-megapixel original: that took a core for a minute and
 * over a gigabyte of memory.
 */
const MAX_VARIANT_WIDTH = 1920;
const MAX_VARIANT_PIXELS = MAX_VARIANT_WIDTH * MAX_VARIANT_WIDTH;

/** The width a resize or conversion makes: the asked one (or the widest), never wider than the original or the pixel bound allows. */
function boundedWidth(asked: number | undefined, frame: { width: number; height: number }): number {
  const byPixels = Math.floor(Math.sqrt((MAX_VARIANT_PIXELS * frame.width) / frame.height));
  return Math.max(1, Math.min(asked ?? MAX_VARIANT_WIDTH, frame.width, byPixels));
}

/** A variant fully decided: what the job makes. */
export interface VariantSpec {
  width?: number;
  /** With a height the image is cropped to width × height around `focal`. */
  height?: number;
  format: OutputFormat;
  focal: FocalPoint;
}

export const MIME: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The largest region of the target's shape inside the original, centred on the focal point as far as it can be. */
function cropAround(
  original: { width: number; height: number },
  target: { width: number; height: number },
  focal: FocalPoint,
) {
  const wider = original.width * target.height > original.height * target.width;
  const width = wider ? Math.round((original.height * target.width) / target.height) : original.width;
  const height = wider ? original.height : Math.round((original.width * target.height) / target.width);
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), max);
  return {
    left: clamp(focal.x * original.width - width / 2, original.width - width),
    top: clamp(focal.y * original.height - height / 2, original.height - height),
    width: Math.max(1, width),
    height: Math.max(1, height),
  };
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 });
    // effort 2 of 9: AVIF's slow encoder would otherwise hold a core for seconds per large image
    case 'avif':
      return image.avif({ quality: 55, effort: 2 });
    // JPEG has no transparency: transparent pixels become white, as on most pages, not black
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'gif':
      return image.gif();
  }
}

/**
 * Makes a variant of a stored raster image, or answers 'original' when it would be the original itself
 * (no narrower, same format): an image is never enlarged, and never made larger than MAX_VARIANT_PIXELS. A crop (height set) is never larger than the
 * original either: the asked shape is scaled down until it fits. Animation is kept where the output
 * format has it (GIF, WebP) and the image is only resized; otherwise the first frame is used.
 */
export async function renderVariant(
  original: Buffer,
  originalFormat: OutputFormat,
  spec: VariantSpec,
): Promise<Buffer | 'original'> {
  const sharp = await loadSharp();
  const animated = spec.height === undefined && (spec.format === 'gif' || spec.format === 'webp');
  const image = sharp(original, { animated });
  const { width = 1, height = 1, pageHeight } = await image.metadata();
  const frame = { width, height: animated && pageHeight ? pageHeight : height };
  if (spec.height === undefined || spec.width === undefined) {
    // the original in its own format is no work at all, whatever its size
    if (spec.width === undefined && spec.format === originalFormat) return 'original';
    const width = boundedWidth(spec.width, frame);
    const narrower = width < frame.width;
    if (!narrower && spec.format === originalFormat) return 'original';
    if (narrower) image.resize({ width });
    return await encode(image, spec.format).toBuffer();
  }
  const scale = Math.min(1, frame.width / spec.width, frame.height / spec.height);
  const target = {
    width: Math.max(1, Math.round(spec.width * scale)),
    height: Math.max(1, Math.round(spec.height * scale)),
  };
  image.extract(cropAround(frame, target, spec.focal)).resize(target.width, target.height, { fit: 'fill' });
  return await encode(image, spec.format).toBuffer();
}
