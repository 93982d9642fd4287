import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { createBackup } from '../../src/backup/create-backup.ts';
import { checkBackup, openBackup } from '../../src/backup/read-backup.ts';
import { restoreBackup } from '../../src/backup/restore-backup.ts';
import { TEST_PASSWORD, TEST_USERNAME, type TestApp, buildTestApp, dialects } from '../helper.ts';
import { storedImageUrl } from '../factories.ts';
import { storedImage } from '../media/media-helpers.ts';

type Body = Record<string, unknown>;
const NEW_COLUMNS = ['alt', 'focal_x', 'focal_y', 'width', 'height'];

/** Fills a source: a testimonial with an image described and its focal point moved, an FAQ showing another inline. */
async function fill(t: TestApp): Promise<{ described: string; inline: string }> {
  const described = (await storedImage(t.db, 120, 90)).url;
  const inline = await storedImageUrl(t.db, 41);
  const testimonial = await t.injectAs({
    method: 'POST',
    url: '/api/disbursement-testimonials',
    payload: { university_name: 'Makerere', image: described, image_alt: 'The Makerere crest' },
  });
  expect(testimonial.statusCode, testimonial.body).toBe(201);
  const faq = await t.injectAs({
    method: 'POST',
    url: '/api/faqs',
    payload: { title: 'How do I apply?', description: `<p><img src="${inline}"></p>` },
  });
  expect(faq.statusCode, faq.body).toBe(201);
  // a variant, which no backup carries
  expect((await t.app.inject({ method: 'GET', url: `${described}?w=160&h=160&fit=cover` })).statusCode).toBe(200);
  return { described, inline };
}

/** Every /media address the public answers of every section use: each must answer 200 after a restore. */
async function mediaAddressesAnswered(t: TestApp): Promise<string[]> {
  const urls = new Set<string>();
  for (const section of sections) {
    const text = (await t.app.inject({ method: 'GET', url: `/api/${section.slug}` })).body;
    for (const match of text.matchAll(/\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}/g)) urls.add(match[0]);
  }
  for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  return [...urls].sort();
}

async function restoreInto(target: TestApp, file: string): Promise<void> {
  const checked = await checkBackup(file);
  const source = openBackup(file);
  try {
    await restoreBackup(target.db as unknown as Kysely<unknown>, checked, source);
  } finally {
    source.close();
  }
}

const mediaRows = (t: TestApp) =>
  t.db
    .selectFrom('media')
    .select(['sha256', 'alt', 'focal_x', 'focal_y', 'width', 'height'])
    .orderBy('sha256')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        focal_x: Number(row.focal_x),
        focal_y: Number(row.focal_y),
        width: row.width === null ? null : Number(row.width),
        height: row.height === null ? null : Number(row.height),
      })),
    );

describe.each(dialects)('backups of the media library on %s', (dialect) => {
  let work: string;
  let source: TestApp;
  let images: { described: string; inline: string };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bursary-media-backup-'));
    source = await buildTestApp({ dialect });
    images = await fill(source);
    const patched = await source.injectAs({
      method: 'PATCH',
      url: `/api/media/${images.described.slice('/media/'.length)}`,
      payload: { focal_x: 0.2, focal_y: 0.8 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(async () => {
    await source.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('carries originals with their alternative text, focal point and size, never variants', async () => {
    const { file } = await createBackup(source.db as unknown as Kysely<unknown>, join(work, 'now.bursary-backup'));
    const checked = await checkBackup(file);
    const media = checked.tables.find((table) => table.name === 'media');
    expect(media?.columns.map((column) => column.name)).toEqual(expect.arrayContaining(NEW_COLUMNS));
    expect(checked.tables.some((table) => table.name === 'media_variants')).toBe(false);
    const target = await buildTestApp({ dialect });
    try {
      await restoreInto(target, file);
      expect(await mediaRows(target)).toEqual(await mediaRows(source));
      expect(await mediaRows(target)).toContainEqual(
        expect.objectContaining({ alt: 'The Makerere crest', focal_x: 0.2, focal_y: 0.8, width: 120, height: 90 }),
      );
      const variants = await target.db.selectFrom('media_variants').select('variant').execute();
      expect(variants).toEqual([]);
      expect(await mediaAddressesAnswered(target)).toEqual([images.described, images.inline].sort());
      const list = (await target.app.inject({ method: 'GET', url: '/api/disbursement-testimonials' })).json() as Body[];
      expect(list[0]?.image_alt).toBe('The Makerere crest');
    } finally {
      await target.close();
    }
  });

  it('restores a backup made before images had alternative text, focal points and sizes, with the defaults', async () => {
    // the source as it was before migration 015: the media table without its new columns, the ledger without it
    const old = await buildTestApp({ dialect });
    const target = await buildTestApp({ dialect });
    try {
      const { described, inline } = await fill(old);
      for (const column of NEW_COLUMNS) await old.db.schema.alterTable('media').dropColumn(column).execute();
      await sql`delete from kysely_migration where name = ${'015-media-library'}`.execute(old.db);
      const { file } = await createBackup(old.db as unknown as Kysely<unknown>, join(work, 'old.bursary-backup'));
      const checked = await checkBackup(file);
      expect(checked.manifest.migrations).not.toContain('015-media-library');
      expect(
        checked.tables.find((table) => table.name === 'media')?.columns.map((column) => column.name),
      ).not.toContain('alt');
      await restoreInto(target, file);
      for (const row of await mediaRows(target))
        expect(row).toMatchObject({ alt: '', focal_x: 0.5, focal_y: 0.5, width: null, height: null });
      expect(await mediaAddressesAnswered(target)).toEqual([described, inline].sort());
      // sizes are read when the images are first listed
      const token = (
        await target.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: TEST_USERNAME, password: TEST_PASSWORD },
        })
      ).json() as { token: string };
      const listed = await target.app.inject({
        method: 'GET',
        url: '/api/media',
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json()).toContainEqual(
        expect.objectContaining({ url: described, width: 120, height: 90, alt: '' }),
      );
    } finally {
      await old.close();
      await target.close();
    }
  });
});
