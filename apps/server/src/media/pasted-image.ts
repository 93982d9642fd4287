import { UnsupportedMediaTypeError } from '../lib/errors.ts';
import { loadSharp } from './sharp.ts';
import { type InspectedImage, imageTooLarge, inspectImage, mediaUrlOf } from './store.ts';

/** An image pasted into rich text as a data URL, checked and re-encoded as an upload is, ready to store. */
export interface PastedImage {
  image: InspectedImage;
  /** Where it will be served once stored: `/media/{sha256}.{ext}`. */
  url: string;
  /** The stored image's size in pixels (one frame of an animation), for the `<img>` that shows it. */
  width: number;
  height: number;
}

const BASE64_DATA_URL = /^data:image\/[a-z]+;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes a base64 text decodes to, counted without decoding it. */
const decodedLength = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

const notRaster = () =>
  new UnsupportedMediaTypeError('This image is not a PNG, JPEG, GIF or WebP image. Paste one of those instead.');

/**
 * Decodes a raster data URL (as the sanitiser lets through) and passes its bytes through exactly what an
 * upload passes through (inspectImage, with the same size limit): the type is read from the bytes, the
 * image is decoded and encoded again without its metadata, and a bad image is refused with the same
 * 4xx an upload gets. Rich text holds raster images only, so bytes that are an SVG behind a raster
 * label are refused too. sharp works on libvips's threads, not on the event loop.
 */
export async function inspectPastedImage(dataUrl: string, maxBytes: number): Promise<PastedImage> {
  const base64 = BASE64_DATA_URL.exec(dataUrl)?.[1];
  if (base64 === undefined) throw notRaster();
  if (decodedLength(base64) > maxBytes) throw imageTooLarge(maxBytes);
  const image = await inspectImage(Buffer.from(base64, 'base64'), maxBytes);
  if (image.type.ext === 'svg') throw notRaster();
  const sharp = await loadSharp();
  const { width, height, pageHeight } = await sharp(image.bytes, {}).metadata();
  return { image, url: mediaUrlOf(image), width, height: pageHeight ?? height };
}
