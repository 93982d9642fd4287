import { availableParallelism } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { createLimiter } from '../lib/limiter.ts';
import { CENTRE, MIME, renderVariant, type OutputFormat, type VariantSpec } from './variant-render.ts';
import { findVariant, keepVariant, sha256Of, type StoredVariant } from './variant-store.ts';

/**
 * How many variants are made at once. sharp works on libuv's thread pool (four threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file reads and password hashing share: at most two images
 * at a time, and one core always left to answering requests.
 */
const JOBS_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Past this many variants waiting, a request is asked to come back rather than queued for minutes. */
const JOBS_WAITING = 64;

const limiter = createLimiter(
  JOBS_AT_ONCE,
  JOBS_WAITING,
  'The server is busy making other image sizes. Please try again in a moment.',
);

/**
 * Jobs under way in this process, per database, by original and variant: a second request for one waits
 * for the first. Per database because the same image may be stored in two (tests, a restore's target).
 */
const underWay = new WeakMap<Kysely<Database>, Map<string, Promise<StoredVariant | undefined>>>();

/** Jobs this process has started (a shared one counts once) and images it has rendered: tests count them. */
export const variantJobs = { started: 0, rendered: 0 };

/** A focal coordinate as a key spells it: at most four decimals, as PATCH /api/media stores it. */
const coordinate = (value: number) => String(Math.round(value * 10_000) / 10_000);

/**
 * The canonical name of a variant, its key beside the original: "w320.webp", "w640h320cover.jpeg". A crop
 * around another point than the centre names it ("w640h320cover-x0.25y0.7.jpeg"), so moving the focal point
 * makes new crops instead of answering the old ones; a resize does not depend on it and keeps its key.
 */
function variantKey(spec: VariantSpec): string {
  const size = `${spec.width === undefined ? '' : `w${spec.width}`}${spec.height === undefined ? '' : `h${spec.height}cover`}`;
  const { x, y } = spec.focal;
  const centred = x === CENTRE.x && y === CENTRE.y;
  const focal = spec.height === undefined || centred ? '' : `-x${coordinate(x)}y${coordinate(y)}`;
  return `${size || 'full'}${focal}.${spec.format}`;
}

export interface StoredOriginal {
  sha256: string;
  ext: string;
  format: OutputFormat;
}

async function make(db: Kysely<Database>, original: StoredOriginal, key: string, spec: VariantSpec) {
  // another instance may have made it while this job waited its turn
  const found = await findVariant(db, original, key);
  if (found) return found;
  const row = await db
    .selectFrom('media')
    .select(['bytes', 'sha256'])
    .where('sha256', '=', original.sha256)
    .where('ext', '=', original.ext)
    .executeTakeFirst();
  if (!row) return undefined;
  variantJobs.rendered += 1;
  const made = await renderVariant(Buffer.from(row.bytes), original.format, spec);
  return keepVariant(
    db,
    original,
    key,
    made === 'original'
      ? { bytes: null, sha256: row.sha256, contentType: MIME[original.format] }
      : { bytes: made, sha256: sha256Of(made), contentType: MIME[spec.format] },
  );
}

/**
 * The variant of a stored raster image, made once and kept: undefined when there is no such original.
 * Concurrent requests for the same variant share one job; different variants take turns (JOBS_AT_ONCE).
 */
export async function variantOf(
  db: Kysely<Database>,
  original: StoredOriginal,
  spec: VariantSpec,
): Promise<StoredVariant | undefined> {
  const key = variantKey(spec);
  const kept = await findVariant(db, original, key);
  if (kept) return kept;
  let jobs = underWay.get(db);
  if (!jobs) underWay.set(db, (jobs = new Map()));
  const id = `${original.sha256}/${key}`;
  let job = jobs.get(id);
  if (!job) {
    variantJobs.started += 1;
    job = limiter.run(() => make(db, original, key, spec)).finally(() => jobs.delete(id));
    jobs.set(id, job);
  }
  return job;
}
