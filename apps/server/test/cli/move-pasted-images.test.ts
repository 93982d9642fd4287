import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.ts';
import type { Database } from '../../src/db/types.ts';
import { movePastedImages } from '../../src/media-library/pasted-images-move.ts';
import { movePastedImagesAtStart, moveSummary } from '../../src/media-library/pasted-images-at-start.ts';
import { buildTestApp, dialects, freshSchema, type TestApp } from '../helper.ts';
import { samplePng } from '../factories.ts';
import { dataUrl, waitingRecord } from '../rich-text/pasted-image-helpers.ts';

const pasted = (seed: number) => `<p>Answer ${seed}<img src="${dataUrl(samplePng(seed))}" alt="Photo ${seed}"></p>`;
const DAMAGED = `<p><img src="${dataUrl(samplePng(1).subarray(0, 50))}"></p>`;
const WORDS_ONLY = '<p>Type data:image/png;base64,AAAA to paste an image</p>';

interface Seeded {
  t: TestApp;
  second: Kysely<Database>;
  withImages: number[];
  plain: number[];
  damaged: number;
  wordsOnly: number;
  pendingOn: number;
  drop: () => Promise<void>;
}

/** FAQs made through the API, then given data URLs written straight into the table, as older servers stored them. */
async function seeded(dialect: (typeof dialects)[number]): Promise<Seeded> {
  const schema = dialect === 'postgres' ? await freshSchema() : undefined;
  const t = await buildTestApp({ dialect, pgSchema: schema?.name });
  const second = await openDatabase(t.config, schema ? { searchPath: schema.name } : {});
  const make = async (status?: string) => {
    const created = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Q', description: '<p>plain</p>', ...(status ? { status } : {}) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: number }).id;
  };
  const setAnswer = (id: number, html: string) =>
    t.db
      .updateTable('faqs' as never)
      .set({ description: html } as never)
      .where('id' as never, '=', id as never)
      .execute();
  const withImages: number[] = [];
  // 23 records, every third one a draft; seeds repeat, so the same image is pasted into several
  for (let n = 0; n < 23; n++) {
    const id = await make(n % 3 === 0 ? 'draft' : undefined);
    await setAnswer(id, pasted(n % 8) + (n % 2 === 0 ? pasted(100 + n) : ''));
    withImages.push(id);
  }
  const plain = [await make(), await make()];
  const damaged = await make();
  await setAnswer(damaged, DAMAGED);
  const wordsOnly = await make();
  await setAnswer(wordsOnly, WORDS_ONLY);
  const pendingOn = plain[1]!;
  const changes = await t.injectAs({
    method: 'PUT',
    url: `/api/faqs/${pendingOn}/changes`,
    payload: { description: '<p>later</p>' },
  });
  expect(changes.statusCode, changes.body).toBe(200);
  const waiting = await waitingRecord(t.db, pendingOn);
  await t.db
    .updateTable('pending_changes')
    .set({ record: JSON.stringify({ ...JSON.parse(waiting), description: pasted(3) }) })
    .where('record_id', '=', pendingOn)
    .execute();
  return {
    t,
    second,
    withImages,
    plain,
    damaged,
    wordsOnly,
    pendingOn,
    drop: async () => {
      await second.destroy();
      await t.close();
      await schema?.drop();
    },
  };
}

interface RowState {
  description: string;
  version: number;
  updated_at: string;
}

async function rows(db: Kysely<Database>): Promise<Map<number, RowState>> {
  const found = (await db
    .selectFrom('faqs' as never)
    .select(['id', 'description', 'version', 'updated_at'] as never[])
    .execute()) as unknown as (RowState & { id: number })[];
  return new Map(found.map((row) => [Number(row.id), { ...row, version: Number(row.version) }]));
}

async function mediaNames(db: Kysely<Database>): Promise<Set<string>> {
  const found = await db.selectFrom('media').select(['sha256', 'ext']).execute();
  return new Set(found.map((row) => `/media/${row.sha256}.${row.ext}`));
}

/** Every /media/ URL the records and waiting changes name. */
async function namedMedia(db: Kysely<Database>): Promise<Set<string>> {
  const texts = [...(await rows(db)).values()].map((row) => row.description);
  const pending = await db.selectFrom('pending_changes').select('record').execute();
  texts.push(...pending.map((row) => row.record));
  return new Set(texts.flatMap((text) => [...text.matchAll(/\/media\/[0-9a-f]{64}\.png/g)].map(([url]) => url)));
}

const crash = new Error('the process stopped here');

describe.each(dialects)('moving pasted images out of stored rich text on %s', (dialect) => {
  let s: Seeded | undefined;
  afterEach(async () => {
    await s?.drop();
    s = undefined;
  });

  it('moves them in batches, survives a crash between batches, and finds nothing the second time', async () => {
    s = await seeded(dialect);
    const { t } = s;
    const before = await rows(t.db);
    const listBefore = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    const oneBefore = await t.app.inject({ method: 'GET', url: `/api/faqs/${s.withImages[1]}` });
    const pendingBefore = await t.injectAs({ method: 'GET', url: `/api/faqs/${s.pendingOn}/changes` });

    // the first run stops after its first batch, as a process killed there would
    await expect(
      movePastedImages(t.db, t.config, {
        afterBatch: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const halfway = await rows(t.db);
    const movedFirst = s.withImages.filter((id) => !halfway.get(id)!.description.includes('data:'));
    expect(movedFirst).toHaveLength(10);
    expect(await mediaNames(t.db)).toEqual(await namedMedia(t.db));

    const result = await movePastedImages(t.db, t.config);
    expect(result.records).toBe(23 - 10 + 1);
    expect(result.left).toEqual([
      { where: `faqs/${s.damaged}`, reason: expect.stringMatching(/^An image pasted into description was refused\./) },
    ]);
    const after = await rows(t.db);
    for (const id of s.withImages) {
      const row = after.get(id)!;
      expect(row.description).not.toContain('data:');
      expect(row.description).toMatch(/<img src="\/media\/[0-9a-f]{64}\.png" alt="Photo \d+" width="8" height="8" \/>/);
      expect(row.version).toBe(before.get(id)!.version + 1);
      expect(row.updated_at).toBe(before.get(id)!.updated_at);
    }
    for (const id of [...s.plain, s.damaged, s.wordsOnly]) expect(after.get(id)).toEqual(before.get(id));
    // 8 repeated images and one for every even record, each stored once; no image without a record
    const media = await mediaNames(t.db);
    expect(media).toEqual(await namedMedia(t.db));
    expect(media.size).toBe(8 + 12);
    const pending = await t.db
      .selectFrom('pending_changes')
      .select(['record', 'version'])
      .where('record_id', '=', s.pendingOn)
      .executeTakeFirstOrThrow();
    expect(pending.record).not.toContain('data:');

    // what readers were answered changes with the bytes
    const listAfter = await t.app.inject({ method: 'GET', url: '/api/faqs' });
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    // only the damaged image and the words about one are left
    expect(listAfter.body.match(/data:image\/png/g)).toHaveLength(2);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/api/faqs/${s.withImages[1]}`,
      headers: { 'if-none-match': String(oneBefore.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('/media/');
    const pendingAfter = await t.injectAs({ method: 'GET', url: `/api/faqs/${s.pendingOn}/changes` });
    expect(pendingAfter.headers.etag).not.toBe(pendingBefore.headers.etag);

    const again = await movePastedImages(t.db, t.config);
    expect({ images: again.images, records: again.records }).toEqual({ images: 0, records: 0 });
    expect(moveSummary(again)).toEqual([expect.stringMatching(/^Left the pasted images of faqs\/\d+ where they are/)]);
    expect(await rows(t.db)).toEqual(after);
  });

  it('writes each row once when two processes run it at the same time', async () => {
    s = await seeded(dialect);
    const before = await rows(s.t.db);
    const [one, two] = await Promise.all([
      movePastedImages(s.t.db, s.t.config),
      movePastedImages(s.second, s.t.config),
    ]);
    expect(one.records + two.records).toBe(24);
    const after = await rows(s.t.db);
    for (const id of s.withImages) {
      expect(after.get(id)!.description).not.toContain('data:');
      expect(after.get(id)!.version).toBe(before.get(id)!.version + 1);
    }
    expect(await mediaNames(s.t.db)).toEqual(await namedMedia(s.t.db));
  });

  it('runs at start-up once, and afterwards asks one row', async () => {
    s = await seeded(dialect);
    const printed: string[] = [];
    await movePastedImagesAtStart(s.t.db, s.t.config, (line) => printed.push(line));
    expect(printed[0]).toMatch(/^Moved \d+ images out of 24 records into the media store\.$/);
    printed.length = 0;
    await s.t.db
      .updateTable('faqs' as never)
      .set({ description: pasted(7) } as never)
      .where('id' as never, '=', s.plain[0]! as never)
      .execute();
    await movePastedImagesAtStart(s.t.db, s.t.config, (line) => printed.push(line));
    expect(printed).toEqual([]);
    // the command looks at every record whatever the mark says
    expect((await movePastedImages(s.t.db, s.t.config)).records).toBe(1);
  });
});
