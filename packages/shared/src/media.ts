/** The wire shapes of the media library API (`/api/media`), as its routes answer them. */

/** A record (live, draft or pending change) that shows the image. */
export interface MediaUse {
  section: string;
  id: number;
  title: string;
}

/** One stored image, as GET /api/media lists it. */
export interface MediaItem {
  /** The file name under /media/: the stored bytes' SHA-256 and the extension. */
  name: string;
  url: string;
  type: string;
  /** Pixels; null for an SVG, which has no fixed size. */
  width: number | null;
  height: number | null;
  /** The uploaded file's own name; null for images stored before names were kept, and for pasted ones. */
  file_name: string | null;
  bytes: number;
  /** What the image shows, for people who cannot see it; '' until someone writes it. */
  alt: string;
  /** Where a crop centres, from 0 (left, top) to 1 (right, bottom); 0.5 and 0.5 until someone moves it. */
  focal_x: number;
  focal_y: number;
  used_by: MediaUse[];
  created_at: string;
  /**
   * With `?locale=*` only: the alternative text in every language, by code ('' where a language has none); `alt`
   * stays the default language's.
   */
  alt_by_locale?: Record<string, string>;
}

/** PATCH /api/media/{name}: any of the three; with `?locale=CODE`, `alt` is that language's. */
export interface MediaPatch {
  alt?: string;
  focal_x?: number;
  focal_y?: number;
}

export const MEDIA_ALT_MAX_LENGTH = 300;

/** The widths (and crop heights) of /media/{name}?w=N: the sizes a website's srcset asks for, and no others. */
export const VARIANT_SIZES = [160, 320, 640, 960, 1280, 1920] as const;

/** The suffix of the field beside each image field `F` that carries its alternative text in record answers. */
export const ALT_FIELD_SUFFIX = '_alt';
