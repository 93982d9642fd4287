import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections } from '@bursary/shared';
import { type TestApp, dialects, TEST_USERNAME } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { CLI_TEST_TIMEOUT_MS, cli } from './backup-cli.ts';
import { type Dump, type Place, appOn, dump, emptyPlace, fill, sha256 } from './backup-restore-helpers.ts';

const pairs = dialects.flatMap((from) => dialects.map((to) => [from, to] as const));

describe.each(pairs)('backup from %s, restored into %s', (from, to) => {
  let source: TestApp;
  let sourcePlace: Place;
  let target: Place;
  let before: Dump;
  let file: string;

  beforeAll(async () => {
    sourcePlace = await emptyPlace(from);
    source = await appOn(sourcePlace);
    await fill(source);
    before = await dump(source);
    expect(before.trash).toEqual([expect.objectContaining({ record_id: 1, username: TEST_USERNAME })]);
    // French is on the website, every section written in it: the restore must keep it, not only English
    expect(before.locales).toEqual([
      expect.objectContaining({ code: 'en', default: true }),
      expect.objectContaining({ code: 'fr', name: 'Français', public: true }),
    ]);
    for (const section of sections)
      expect(before.inFrench[section.slug]).toContainEqual(
        expect.objectContaining({ locale: 'fr', fallback_fields: [] }),
      );
    target = await emptyPlace(to);
  });
  afterAll(async () => {
    await source.close();
    await sourcePlace.drop();
    await target.drop();
  });

  it(
    'writes one backup file while the server runs, its checksum beside it, and prints what it wrote',
    async () => {
      const run = await cli('backup', sourcePlace.env, []);
      expect(run.code, run.stderr).toBe(0);
      const written = readdirSync(join(sourcePlace.dataDir, 'backups'));
      const backups = written.filter((name) => /^bursary-\d{8}T\d{6}\.\d{3}Z\.bursary-backup$/.test(name));
      expect(backups).toHaveLength(1);
      expect(written.filter((name) => name.includes('partial'))).toEqual([]);
      file = join(sourcePlace.dataDir, 'backups', backups[0]!);
      expect(run.stdout).toContain(`Backup written: ${file}`);
      expect(run.stdout).toMatch(/^\s+users\s+2 rows$/m);
      expect(run.stdout).toMatch(/^\s+media\s+3 rows$/m);
      expect(run.stdout).not.toMatch(/^\s+sessions\s/m);
      // image variants are copies made on demand: a backup holds only their originals
      expect(run.stdout).not.toMatch(/media_variants/);
      const fileSha = sha256(readFileSync(file));
      expect(run.stdout).toContain(`SHA-256 ${fileSha}`);
      expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${fileSha}  ${backups[0]}\n`);
      expect(run.stdout).toMatch(/size \d+ kB/);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'restores into an empty database: equal answers, byte-identical media, users with their passwords, no sessions',
    async () => {
      const run = await cli('restore', target.env, [file]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('counts and checksums verified');
      expect(run.stdout).toMatch(/^\s+logs\s+\d+ rows$/m);
      const restored = await appOn(target);
      try {
        expect(await dump(restored)).toEqual(before);
        expect(await restored.db.selectFrom('media_variants').selectAll().execute()).toEqual([]);
        // made again on demand; the --force restore below then empties a target that holds one
        const image = await storedImageUrl(restored.db, 2);
        expect((await restored.app.inject({ method: 'GET', url: `${image}?w=160&fm=webp` })).statusCode).toBe(200);
        expect(await restored.db.selectFrom('media_variants').select('variant').execute()).toEqual([
          { variant: 'w160.webp' },
        ]);
        const oldSession = await restored.app.inject({ method: 'GET', url: '/api/me', headers: source.auth() });
        expect(oldSession.statusCode).toBe(401);
        const second = await restored.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'second', password: 'a second long password' },
        });
        expect(second.statusCode).toBe(200);
        // ids go on after the restored ones
        const collection = sections.find((s) => s.kind === 'collection')!;
        const ids = (before.sections[collection.slug] as { id: number }[]).map((r) => r.id);
        const created = await restored.injectAs({
          method: 'POST',
          url: `/api/${collection.slug}`,
          payload: sampleRecord(collection, 9, await storedImageUrl(restored.db, 1)),
        });
        expect(created.statusCode, created.body).toBe(201);
        expect((created.json() as { id: number }).id).toBeGreaterThan(Math.max(...ids, 3));
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a target that holds content unless --force, and then keeps a backup of what it replaces',
    async () => {
      const refused = await cli('restore', target.env, [file]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^error: .* is not empty \(.*users 2.*\): restore into an empty database, or add --force/,
      );
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      const forced = await cli('restore', target.env, [file, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      const kept = readdirSync(join(target.dataDir, 'backups')).filter(
        (name) => name.startsWith('bursary-before-restore-') && name.endsWith('.bursary-backup'),
      );
      expect(kept).toHaveLength(1);
      expect(forced.stdout).toContain(`Kept what --force replaces: ${join(target.dataDir, 'backups', kept[0]!)}`);
      const restored = await appOn(target);
      try {
        expect(await dump(restored)).toEqual(before);
        expect(await restored.db.selectFrom('media_variants').selectAll().execute()).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
