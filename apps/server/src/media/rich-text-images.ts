import { HttpError } from '../lib/errors.ts';
import type { InspectedImage } from './store.ts';
import { type PastedImage, inspectPastedImage } from './pasted-image.ts';
import { dataImageSources, rewriteImages } from '../rich-text/data-images.ts';
import { sanitizeRichText } from '../rich-text/off-thread.ts';

/** One field's rich text as it is to be stored, and the pasted images it now names, to store with it. */
export interface CleanRichText {
  clean: string;
  images: InspectedImage[];
}

export interface RichTextOptions {
  /** The upload size limit (MEDIA_MAX_BYTES), for pasted images too. */
  maxBytes: number;
  /** PUBLIC_URL: media under it are this server's own. */
  publicUrl: string | undefined;
}

/** A pasted image refused: the upload's status and sentence, saying which field it was in. */
function refusedIn(field: string, error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status >= 500) return error;
  const message = `An image pasted into ${field} was refused. ${error.message}`;
  return new HttpError(error.status, error.code, message, { fields: [{ path: field, message }] });
}

/**
 * Rich text cleaned for storing, with its pasted images moved out of it: each `data:` image is checked
 * and re-encoded as an upload is (the same image once), and the text names it by its media URL, with
 * the stored image's width and height and the alt the editor gave. The images are only prepared here;
 * the caller stores them (storeInspected) in the transaction that writes the text, so a write that
 * fails leaves none behind. The result is cleaned again, so it passes the sanitiser and the bounds as
 * any stored text does. Text without a data URL costs one string search beyond the cleaning.
 */
export async function cleanRichText(html: string, field: string, options: RichTextOptions): Promise<CleanRichText> {
  const clean = await sanitizeRichText(html, field, options.publicUrl);
  const sources = dataImageSources(clean);
  if (sources.length === 0) return { clean, images: [] };
  const pasted = new Map<string, PastedImage>();
  try {
    for (const source of sources) pasted.set(source, await inspectPastedImage(source, options.maxBytes));
  } catch (error) {
    throw refusedIn(field, error);
  }
  const moved = rewriteImages(clean, (attributes) => {
    const image = attributes.src === undefined ? undefined : pasted.get(attributes.src);
    if (!image) return attributes;
    return { ...attributes, src: image.url, width: String(image.width), height: String(image.height) };
  });
  const images = new Map([...pasted.values()].map(({ url, image }) => [url, image]));
  return { clean: await sanitizeRichText(moved, field, options.publicUrl), images: [...images.values()] };
}
