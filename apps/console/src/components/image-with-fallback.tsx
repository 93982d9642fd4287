import type { ReactNode } from 'react';
import type { ImageSources } from '@/lib/media-urls';

/** How the image fills its box: cropped to it (a photo), or whole inside it (a logo). */
const FITS = { cover: 'object-cover', contain: 'object-contain' } as const;

interface ImageWithFallbackProps {
  /** The image at the size it is shown; undefined when there is none, and `fallback` stands in its place. */
  sources: ImageSources | undefined;
  alt: string;
  /** The box's size and shape, the same with or without an image, so cards and rows keep their layout. */
  className: string;
  fit: keyof typeof FITS;
  /** What the muted box in the image's place says. */
  fallback: ReactNode;
}

/** A record's image in a list, or a muted box saying it has none. */
export function ImageWithFallback({ sources, alt, className, fit, fallback }: ImageWithFallbackProps) {
  if (sources) return <img {...sources} alt={alt} className={`${className} ${FITS[fit]}`} />;
  return (
    <div className={`${className} flex items-center justify-center bg-muted text-sm text-muted-foreground`}>
      {fallback}
    </div>
  );
}
