import { apiRequest } from './api-client';
import { toastFailure } from './failure-toast';
import { mediaPath } from './media-api';
import { mediaNameOf } from './media-urls';

/** Where a cropped copy of an image stays centred: from 0 to 1 across and down. */
export interface FocalPoint {
  x: number;
  y: number;
}

/**
 * The form value that keeps the focal point picked on a new file of image field `imageField`, as 'x,y'. It is not a
 * field of the record: the library does not hold the file until the save, so the point is set on the image after it.
 */
export const focalFieldOf = (imageField: string) => `${imageField}_focal`;

export const focalValue = (point: FocalPoint) => `${point.x},${point.y}`;

/** The point a form value keeps, or null when none was picked. */
export function focalPointOf(value: unknown): FocalPoint | null {
  if (typeof value !== 'string') return null;
  const [x, y] = value.split(',').map(Number);
  return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** The points picked on the new files of a save's values, by image field. */
export function newFocalPoints(imageFields: string[], values: Record<string, unknown>): Map<string, FocalPoint> {
  const points = new Map<string, FocalPoint>();
  for (const field of imageFields) {
    const point = focalPointOf(values[focalFieldOf(field)]);
    if (values[field] instanceof File && point) points.set(field, point);
  }
  return points;
}

/**
 * Once a save has stored its new images, sets the focal points picked on them (PATCH /api/media/{name}), found by the
 * saved record's image fields. The record is saved whatever happens here: a refused point is told, to be set again.
 */
export async function setNewFocalPoints(saved: unknown, points: Map<string, FocalPoint>): Promise<void> {
  if (points.size === 0 || typeof saved !== 'object' || saved === null) return;
  const record = saved as Record<string, unknown>;
  for (const [field, point] of points) {
    const url = record[field];
    const name = mediaNameOf(typeof url === 'string' ? url : null);
    if (!name) continue;
    try {
      await apiRequest('PATCH', mediaPath(name), { json: { focal_x: point.x, focal_y: point.y } });
    } catch (error) {
      toastFailure('Focal point not saved', error);
    }
  }
}
