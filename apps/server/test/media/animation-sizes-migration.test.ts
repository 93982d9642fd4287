import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { buildTestApp, dialects, freshSchema } from '../helper.ts';

/** Three frames of 6 × 4: stored before the fix as 6 × 12, the frames stacked. */
async function threeFrameGif(): Promise<Buffer> {
  const frames = Buffer.concat([0, 255, 0].map((value) => Buffer.alloc(6 * 4 * 4, value)));
  return sharp(frames, { raw: { width: 6, height: 12, channels: 4, pageHeight: 4 } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

describe.each(dialects)('animations stored with their frames stacked on %s', (dialect) => {
  it('get one frame’s height when the database is brought up to date, other images untouched', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bursary-frames-'));
    const schema = dialect === 'postgres' ? await freshSchema() : undefined;
    const config = {
      ...loadConfig({}),
      dataDir,
      databaseUrl: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    };
    const older = await openDatabase(config, schema ? { searchPath: schema.name } : {});
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '024'));
      const { error } = await new Migrator({
        db: older,
        provider: { getMigrations: async () => before },
        ...(schema ? { migrationTableSchema: schema.name } : {}),
      }).migrateToLatest();
      expect(error).toBeUndefined();
      const gif = await threeFrameGif();
      const png = await sharp({ create: { width: 5, height: 9, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      for (const [sha256, ext, bytes, height] of [
        ['a'.repeat(64), 'gif', gif, 12],
        ['b'.repeat(64), 'png', png, 9],
      ] as const) {
        await sql`insert into media (sha256, ext, content_type, size, bytes, width, height, created_at)
          values (${sha256}, ${ext}, ${`image/${ext}`}, ${bytes.length}, ${bytes}, ${ext === 'gif' ? 6 : 5}, ${height}, '2020-01-01T00:00:00.000Z')`.execute(
          older,
        );
      }
    } finally {
      await older.destroy();
    }
    const t = await buildTestApp({ dialect, config: { dataDir }, ...(schema ? { pgSchema: schema.name } : {}) });
    try {
      const sizes = await t.db.selectFrom('media').select(['ext', 'width', 'height']).orderBy('ext').execute();
      expect(sizes.map((row) => [row.ext, Number(row.width), Number(row.height)])).toEqual([
        ['gif', 6, 4],
        ['png', 5, 9],
      ]);
    } finally {
      await t.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
