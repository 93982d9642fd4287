import type { MediaItem } from '@bursary/shared/media';

/**
 * How people know a stored image: by the name of the file they uploaded, never by its content address (a
 * 64-character hash). An image stored before names were kept, or pasted into rich text, has none: it is named by
 * its type ('Unnamed PNG image').
 */
export function mediaLabel(item: Pick<MediaItem, 'file_name' | 'type'>): string {
  if (item.file_name) return item.file_name;
  const subtype = item.type.replace(/^image\//, '').replace(/\+xml$/, '');
  return `Unnamed ${subtype.toUpperCase()} image`;
}

/** Its size in pixels ('1200 × 800 px'), or what an SVG does instead. */
export function mediaDimensions(item: Pick<MediaItem, 'width' | 'height'>): string {
  return item.width !== null && item.height !== null ? `${item.width} × ${item.height} px` : 'Scales to any size';
}
