import { NotFoundError } from '../lib/errors.ts';

/** A stored image's file name under /media/: its SHA-256 and its extension. */
const MEDIA_FILE = /^([0-9a-f]{64})\.([a-z0-9]{1,5})$/;

export interface MediaName {
  sha256: string;
  ext: string;
}

/** The same answer wherever an image is asked for by name and is not stored (/media and /api/media). */
export const imageNotFound = () => new NotFoundError('No such image. It may have been replaced; reload the page.');

/** A file name as /media/ addresses it, or undefined when it cannot be one. */
export function parseMediaName(file: string): MediaName | undefined {
  const match = MEDIA_FILE.exec(file);
  if (!match) return undefined;
  const [, sha256 = '', ext = ''] = match;
  return { sha256, ext };
}

export const mediaFileName = ({ sha256, ext }: MediaName): string => `${sha256}.${ext}`;
export const mediaPath = (name: MediaName): string => `/media/${mediaFileName(name)}`;
