import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { reEncode } from '../src/media/re-encode.ts';
import { loadSharp } from '../src/media/sharp.ts';
import { storeInspected } from '../src/media/store.ts';
import { type Measure, benchTiming, errorsText, measure, summarise } from './load.ts';
import { type OwnServer, ownDataFolder, startOwnServer } from './own-server.ts';
import { rssMb, stopAll } from './processes.ts';
import { type Part, printGoals } from './report.ts';
import { printParts } from './publishing-parts.ts';
import { faqAnswer, insertRows } from './seed.ts';

/**
 * What image variants cost the server that makes them: a 4000 × 3000 photo uploaded as a success
 * story's image, its 640-pixel WebP asked for the first time (made with sharp) and again (read back
 * from the table); then the public FAQ list under load while 20 new variants of four other such photos
 * are made, against the same list with nothing being made, and the server's RSS meanwhile.
 */
const WIDTH = 4000;
const HEIGHT = 3000;
/** FAQs in the public list, as in the main run's data. */
const FAQS = 50;
/**
 * A visitor's reads, not a saturation test: at c=50 the p99 is mostly the queue of 50 connections on
 * the event loop, at rest as much as while images are made, and would hide what making them adds.
 */
const CONNECTIONS = 10;
const P99_GOAL_MS = 50;
const RSS_GOAL_MB = 150;
const RSS_EVERY_MS = 100;
/** Each photo below is new, so each of these really runs sharp: 4 photos × 5 = 20 variants. */
const PHOTOS_UNDER_LOAD = 4;
const MADE_UNDER_LOAD = [
  { w: 1920, fm: 'webp' },
  { w: 1280, fm: 'avif' },
  { w: 960, fm: 'jpeg' },
  { w: 640, fm: 'png' },
  { w: 320, fm: 'avif' },
] as const;

/** A pseudo-random generator of 32-bit numbers, the same for the same seed. */
function randomFrom(seed: number): () => number {
  let state = Math.imul(seed, 2_654_435_761) >>> 0;
  return () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0);
}

/** Value noise: random values on a grid every `cell` pixels, smoothly blended between, from −1 to 1. */
function texture(cell: number, seed: number): (x: number, y: number) => number {
  const columns = Math.ceil(WIDTH / cell) + 2;
  const random = randomFrom(seed);
  const grid = Float32Array.from({ length: columns * (Math.ceil(HEIGHT / cell) + 2) }, () => random() / 2 ** 31 - 1);
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const fx = gx - ix;
    const fy = gy - iy;
    const at = iy * columns + ix;
    const top = (grid[at] ?? 0) * (1 - fx) + (grid[at + 1] ?? 0) * fx;
    const bottom = (grid[at + columns] ?? 0) * (1 - fx) + (grid[at + columns + 1] ?? 0) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

/**
 * A JPEG like a camera's: smooth gradients and broad light (sky, shade), detail at two scales (shapes
 * tens of pixels wide, surfaces a few pixels wide) and fine per-channel grain. Pure noise would be the
 * worst case for size; this compresses, and scales down, as photos do.
 */
async function photoLike(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const across = Array.from({ length: WIDTH }, (_, x) => Math.sin(x / 613 + seed));
  const down = Array.from({ length: HEIGHT }, (_, y) => Math.cos(y / 419 - seed));
  const shapes = texture(40, seed * 3 + 1);
  const surfaces = texture(5, seed * 3 + 2);
  const grain = randomFrom(seed * 3 + 3);
  let at = 0;
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y / HEIGHT;
    for (let x = 0; x < WIDTH; x++) {
      const light = 60 * (across[x] ?? 0) * (down[y] ?? 0) + 40 * shapes(x, y) + 14 * surfaces(x, y);
      const noise = grain();
      const base = [70 + 120 * sky + light, 110 + 60 * sky + light, 200 - 110 * sky + light * 0.5];
      for (let channel = 0; channel < 3; channel++) {
        const value = (base[channel] ?? 0) + ((noise >>> (8 * channel + 8)) & 0xff) / 16 - 8;
        pixels[at++] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  const sharp = await loadSharp();
  return await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Posts the photo as a new success story's image, as the console's form does: its /media/ path, or the refusal. */
async function upload(server: OwnServer, photo: Buffer, n: number): Promise<{ image: string } | { refused: string }> {
  const form = new FormData();
  form.set('student_name', `Student ${n}`);
  form.set('date', '2024-05-01');
  form.set('image', new Blob([photo], { type: 'image/jpeg' }), `photo-${n}.jpg`);
  const res = await fetch(`${server.base}/api/success-stories`, { method: 'POST', body: form, headers: server.auth });
  if (res.status === 201) return { image: ((await res.json()) as { image: string }).image };
  if (res.status === 415) return { refused: `${res.status} ${((await res.json()) as { message: string }).message}` };
  throw new Error(`uploading photo ${n} answered ${res.status}: ${await res.text()}`);
}

/** How the media table stores a JPEG. */
const JPEG = { ext: 'jpg', mime: 'image/jpeg' };

/**
 * Uploads each photo through the API. One the upload refuses (the markup check over an upload's bytes
 * can match by chance inside a JPEG's compressed pixels) is counted, then stored as an accepted upload
 * is: re-encoded and put in the media table by the server's own functions, so that the variants are
 * still measured on photos of this size.
 */
async function uploadPhotos(server: OwnServer, dataDir: string, photos: Buffer[]) {
  const images: string[] = [];
  const refused: string[] = [];
  const db = await openDatabase({ ...loadConfig({}), dataDir });
  try {
    for (const [n, photo] of photos.entries()) {
      const answer = await upload(server, photo, n + 1);
      if ('image' in answer) images.push(answer.image);
      else {
        refused.push(answer.refused);
        images.push(await storeInspected(db, { type: JPEG, ...(await reEncode(photo, 'jpeg')) }));
      }
    }
  } finally {
    await db.destroy();
  }
  return { images, refused };
}

interface Answer {
  status: number;
  ms: number;
  bytes: number;
}

async function timedGet(url: string): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, ms: Math.round((performance.now() - start) * 10) / 10, bytes };
}

/** The child's RSS every `everyMs` until stopped. */
function sampleRss(child: ChildProcess, everyMs: number): { stop: () => number[] } {
  const samples = [rssMb(child)];
  const timer = setInterval(() => samples.push(rssMb(child)), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(rssMb(child));
      return samples;
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const show = (name: string, m: Measure) =>
  `  ${name}: ${m.reqPerSec} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`;

export async function measureImageVariants(options: { seconds: { warm: number; run: number } }): Promise<Part> {
  const folder = await ownDataFolder((database) =>
    insertRows(
      database,
      'faqs',
      FAQS,
      (n) => ({ title: `Question ${n}`, description: faqAnswer(n) }),
      (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
    ),
  );
  const server = await startOwnServer(folder);
  try {
    const startMb = rssMb(server.child);
    const photos: Buffer[] = [];
    for (let seed = 1; seed <= 1 + PHOTOS_UNDER_LOAD; seed++) photos.push(await photoLike(seed));
    const uploaded = photos.map((photo) => photo.length);
    const { images, refused } = await uploadPhotos(server, folder.dataDir, photos);
    const [first = '', ...others] = images;
    const stored = await timedGet(`${server.base}${first}`);

    // 1. one variant, made then read back
    const variantUrl = `${server.base}${first}?w=640&fm=webp`;
    const made = await timedGet(variantUrl);
    const cached = await timedGet(variantUrl);
    if (made.status !== 200 || cached.status !== 200)
      throw new Error(`the 640-pixel WebP answered ${made.status}, then ${cached.status}`);

    // 2. and 3. the public list at rest, then while 20 new variants are made; RSS meanwhile
    const getList = { path: '/api/faqs', connections: CONNECTIONS, expect: 200 };
    const rest = await measure(server.base, getList, options.seconds);
    await sleep(1_000);
    const idleMb = rssMb(server.child);
    const load = autocannon({ url: `${server.base}/api/faqs`, connections: CONNECTIONS, timeout: 10, duration: 600 });
    const rss = sampleRss(server.child, RSS_EVERY_MS);
    const since = performance.now();
    const urls = others.flatMap((image) =>
      MADE_UNDER_LOAD.map(({ w, fm }) => `${server.base}${image}?w=${w}&fm=${fm}`),
    );
    const answers = await Promise.all(urls.map(timedGet));
    const makingMs = Math.round(performance.now() - since);
    const samples = rss.stop();
    load.stop();
    const during = summarise(await load, 200);
    await sleep(2_000);
    const afterMb = rssMb(server.child);
    const peakMb = Math.max(...samples);
    const failed = answers.filter((answer) => answer.status !== 200);
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const variantBytes = answers.reduce((sum, answer) => sum + answer.bytes, 0);
    const p99Holds = during.p99 <= P99_GOAL_MS && during.errors === 0 && failed.length === 0;

    return {
      title: `Image variants made on request (${WIDTH} × ${HEIGHT} photo-like JPEGs: gradients under grain)`,
      lines: [
        `  photos sent: ${uploaded.map(kb).join(', ')}; stored (re-encoded on upload) ${kb(stored.bytes)} for the first`,
        `  photos POST /api/success-stories refused: ${refused.length} of ${photos.length}${refused.length ? ` (${refused[0]}), stored as an upload would be` : ''}`,
        `  GET ?w=640&fm=webp: made ${made.ms} ms, then from the table ${cached.ms} ms; ${kb(made.bytes)} (${((made.bytes / stored.bytes) * 100).toFixed(1)}% of the original)`,
        show(`GET /api/faqs at rest (c=${CONNECTIONS})`, rest),
        show(`GET /api/faqs while ${urls.length} variants are made (c=${CONNECTIONS})`, during),
        `  ${urls.length} variants of ${others.length} photos (${MADE_UNDER_LOAD.map(({ w, fm }) => `${w} ${fm}`).join(', ')}): all answered in ${makingMs} ms, slowest ${slowest} ms, ${kb(variantBytes)} in all${failed.length ? `, ${failed.length} not 200 (${failed.map((a) => a.status).join(', ')})` : ''}`,
        `  server RSS: ${startMb} MB at start, ${idleMb} MB idle before making (after the uploads and the first variant), ${peakMb} MB peak while making (${samples.length} samples), ${afterMb} MB 2 s after`,
      ],
      goals: [
        {
          goal: `GET /api/faqs p99 while ${urls.length} variants are made (c=${CONNECTIONS})`,
          value: `${during.p99} ms (at rest ${rest.p99} ms); ${errorsText(during)}, ${failed.length} variants not 200`,
          target: `≤ ${P99_GOAL_MS} ms, 0 errors`,
          holds: p99Holds,
        },
        {
          goal: `server RSS peak while ${urls.length} variants are made`,
          value: `${peakMb} MB (idle ${idleMb} MB, +${Math.round((peakMb - idleMb) * 10) / 10} MB)`,
          target: `≤ idle + ${RSS_GOAL_MB} MB`,
          holds: peakMb <= idleMb + RSS_GOAL_MB,
        },
      ],
      figures: {
        originalBytes: stored.bytes,
        uploadedBytes: uploaded,
        refusedUploads: refused.length,
        firstVariant: { madeMs: made.ms, cachedMs: cached.ms, bytes: made.bytes },
        listAtRest: rest,
        listWhileMaking: during,
        variantsMade: urls.length,
        makingMs,
        slowestVariantMs: slowest,
        variantsNot200: failed.length,
        rssMb: { start: startMb, idle: idleMb, peak: peakMb, after: afterMb, samples: samples.length },
      },
    };
  } finally {
    await server.stop();
    folder.remove();
  }
}

if (import.meta.main) {
  try {
    const part = await measureImageVariants(benchTiming(process.env.BENCH_QUICK === '1'));
    printParts([part]);
    printGoals(part.goals);
  } finally {
    await stopAll();
  }
}
