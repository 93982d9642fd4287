import type { ColumnType } from 'kysely';

export interface MediaTable {
  /** SHA-256 (hex) of the bytes: the content address. */
  sha256: string;
  ext: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
  created_at: string;
  /** What the image shows, for people who cannot see it (migration 015); '' until someone writes it. */
  alt: ColumnType<string, string | undefined, string>;
  /** Where a crop centres, from 0 (left, top) to 1 (right, bottom); 0.5 by default. */
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
  /** Pixels; null for an SVG, and for an image stored before migration 015 until it is first listed. */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  /** The uploaded file's own name (migration 017); null before it and for pasted images. */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An image's alternative text in a language other than the default (migration 022); the default's is `media.alt`. */
export interface MediaAltTable {
  sha256: string;
  /** A language's code; never the default language's. */
  locale: string;
  /** Never '': an image without text in a language has no row, and its readers fall back. */
  alt: string;
  updated_at: string;
}

/** A resized or converted image (migration 014), made on request and kept beside its original. */
export interface MediaVariantsTable {
  /** The original's content address; deleting the original deletes its variants. */
  media_sha256: string;
  /** The canonical variant, e.g. "w320.webp", "w320h320cover.avif", "w320h320cover-x0.3y0.6.avif" (media/variants.ts). */
  variant: string;
  /** SHA-256 (hex) of the bytes served: the variant's strong ETag. */
  sha256: string;
  content_type: string;
  size: number;
  /** Null when the variant is the original itself (no enlargement, same format). */
  bytes: Uint8Array | null;
  created_at: string;
}
