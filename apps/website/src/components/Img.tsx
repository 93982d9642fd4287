import type { Picture } from '../lib/images.ts';

interface Props {
  picture: Picture;
  /** The image that is the page's largest paint: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
  /** The box an image without stored pixels (an SVG) is drawn in, so that nothing moves when it arrives. */
  box?: { width: number; height: number };
  lang?: string | undefined;
}

export function Img({ picture, priority = false, className, box, lang }: Props) {
  const width = picture.width ?? box?.width;
  const height = picture.height ?? box?.height;
  return (
    <img
      className={className}
      src={picture.src}
      srcSet={picture.srcset === picture.src ? undefined : picture.srcset}
      sizes={picture.srcset === picture.src ? undefined : picture.sizes}
      width={width}
      height={height}
      alt={picture.alt}
      lang={lang}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={{ objectPosition: picture.objectPosition }}
    />
  );
}
