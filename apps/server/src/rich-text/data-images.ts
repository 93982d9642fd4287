/**
 * Images in cleaned rich text, found and rewritten without parsing it again. This reads the sanitiser's
 * own output only: there, every `<` opens a tag (text escapes it), every attribute is written
 * `name="value"` with `"`, `<` and `>` escaped inside the value, and an image is `<img … />`. So a
 * pattern finds exactly the images, in one linear pass, however long the data URLs are.
 */

/** What every data-URL image holds; text without it has none, and costs one string search. */
export const DATA_IMAGE_MARK = 'data:image/';

const IMAGE_TAG = /<img\b([^>]*)>/g;
const ATTRIBUTE = /([^\s="]+)="([^"]*)"/g;

/** An image's attributes in their order, values as written (escaped). */
export type ImageAttributes = Record<string, string>;

function attributesOf(inside: string): ImageAttributes {
  const attributes: ImageAttributes = {};
  for (const [, name = '', value = ''] of inside.matchAll(ATTRIBUTE)) attributes[name] = value;
  return attributes;
}

/** Every distinct data-URL source of the images in cleaned rich text, in the order they come. */
export function dataImageSources(html: string): string[] {
  if (!html.includes(DATA_IMAGE_MARK)) return [];
  const sources = new Set<string>();
  for (const [, inside = ''] of html.matchAll(IMAGE_TAG)) {
    const src = attributesOf(inside).src;
    if (src?.startsWith(DATA_IMAGE_MARK)) sources.add(src);
  }
  return [...sources];
}

/** The cleaned rich text with each image's attributes as `change` answers them. */
export function rewriteImages(html: string, change: (attributes: ImageAttributes) => ImageAttributes): string {
  return html.replace(IMAGE_TAG, (_tag, inside: string) => {
    const attributes = Object.entries(change(attributesOf(inside)));
    return `<img${attributes.map(([name, value]) => ` ${name}="${value}"`).join('')} />`;
  });
}
