/** Shared by the backup and restore tests, split by subject to keep every file under 250 lines. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type SectionDef, sections, translatedFieldsOf } from '@bursary/shared';
import { createUser } from '../../src/auth/users.ts';
import { storeImage } from '../../src/media/store.ts';
import { type Dialect, type TestApp, buildTestApp, freshSchema, pgUrlWithSchema } from '../helper.ts';
import { sampleRecord, storedImageUrl } from '../factories.ts';
import { svg } from '../fixtures/images.ts';
import { cliEnv } from '../cli-env.ts';

type Body = Record<string, unknown>;

/** An empty database of either kind, and the environment that points the commands at it. */
export interface Place {
  dialect: Dialect;
  dataDir: string;
  schema?: string;
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

export async function emptyPlace(dialect: Dialect): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-restore-'));
  if (dialect === 'sqlite')
    return {
      dialect,
      dataDir,
      env: cliEnv(dataDir),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const schema = await freshSchema();
  return {
    dialect,
    dataDir,
    schema: schema.name,
    env: { ...cliEnv(dataDir), DATABASE_URL: pgUrlWithSchema(schema.name) },
    drop: async () => {
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const appOn = (place: Place) =>
  buildTestApp({
    dialect: place.dialect,
    config: { dataDir: place.dataDir },
    ...(place.schema ? { pgSchema: place.schema } : {}),
  });

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Each record of a section, and its sub-items, in French too: the translated fields of another sample. */
async function translateSection(t: TestApp, section: SectionDef, imageUrl: string): Promise<void> {
  const read = (await t.injectAs({ method: 'GET', url: `/api/${section.slug}?status=all` })).json() as Body[];
  const sample = sampleRecord(section, 8, imageUrl);
  const french = Object.fromEntries(translatedFieldsOf(section.fields).map((name) => [name, sample[name]]));
  const sub = section.subItems;
  for (const record of read) {
    const items = sub
      ? {
          [sub.field]: (record[sub.field] as Body[]).map((item) => ({
            id: item.id,
            [sub.itemKey]: `${String(item[sub.itemKey])} (fr)`,
          })),
        }
      : {};
    const url =
      section.kind === 'single' ? `/api/${section.slug}?locale=fr` : `/api/${section.slug}/${record.id}?locale=fr`;
    const saved = await t.injectAs({ method: 'PUT', url, payload: { ...french, ...items } });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

/**
 * Every section, sub-items included, in English and French (a language on the website), a second user, three images
 * and the log rows the writes made.
 */
export async function fill(t: TestApp): Promise<void> {
  const imageUrl = await storedImageUrl(t.db, 1);
  for (const section of sections) {
    for (let n = 1; n <= (section.kind === 'single' ? 1 : 3); n++) {
      const res = await t.injectAs({
        method: 'POST',
        url: `/api/${section.slug}`,
        payload: sampleRecord(section, n, imageUrl),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sub = section.subItems;
    if (sub) {
      for (const text of ['First', 'Second']) {
        expect(
          (await t.injectAs({ method: 'POST', url: `/api/${section.slug}/sub`, payload: { [sub.itemKey]: text } }))
            .statusCode,
        ).toBe(201);
      }
    }
  }
  await t.injectAs({ method: 'POST', url: '/api/locales', payload: { code: 'fr', name: 'Français' } });
  await t.injectAs({ method: 'PATCH', url: '/api/locales/fr', payload: { public: true } });
  for (const section of sections) await translateSection(t, section, imageUrl);
  // an SVG and a second PNG that no record uses: media are backed up whether used or not
  await storeImage(t.db, { bytes: svg() }, 1024 * 1024);
  const unused = await storedImageUrl(t.db, 2);
  // a variant, which a backup leaves out: it is made again from its original when next asked for
  expect((await t.app.inject({ method: 'GET', url: `${unused}?w=160&fm=webp` })).statusCode).toBe(200);
  const deleted = await t.injectAs({
    method: 'DELETE',
    url: `/api/${sections.find((s) => s.kind === 'collection')!.slug}/1`,
  });
  expect(deleted.statusCode).toBe(200);
  await createUser(t.db, { username: 'second', password: 'a second long password', name: 'Second Editor' });
}

export interface Dump {
  locales: unknown;
  sections: Record<string, unknown>;
  inFrench: Record<string, unknown>;
  logs: unknown;
  trash: unknown;
  revisions: Record<string, unknown>;
  media: Record<string, string>;
  users: unknown[];
}

/** What the API answers for every section and the log, the media bytes' digests, and the users' rows. */
export async function dump(t: TestApp): Promise<Dump> {
  const result: Dump = {
    locales: (await t.injectAs({ method: 'GET', url: '/api/locales' })).json(),
    sections: {},
    inFrench: {},
    logs: undefined,
    trash: undefined,
    revisions: {},
    media: {},
    users: [],
  };
  for (const section of sections) {
    result.sections[section.slug] = (await t.app.inject({ method: 'GET', url: `/api/${section.slug}` })).json();
    result.inFrench[section.slug] = (
      await t.app.inject({ method: 'GET', url: `/api/${section.slug}?locale=fr` })
    ).json();
    // the history of the first record, deleted or not: revisions are backed up and restored too
    result.revisions[section.slug] = (
      await t.injectAs({ method: 'GET', url: `/api/${section.slug}/1/revisions?limit=500` })
    ).json();
  }
  result.logs = (await t.injectAs({ method: 'GET', url: '/api/logs?limit=1000' })).json();
  result.trash = (await t.injectAs({ method: 'GET', url: '/api/trash?limit=500' })).json();
  for (const row of await t.db.selectFrom('media').select(['sha256', 'ext', 'content_type', 'size']).execute()) {
    const res = await t.app.inject({ method: 'GET', url: `/media/${row.sha256}.${row.ext}` });
    expect(res.statusCode).toBe(200);
    result.media[row.sha256] = `${row.content_type} ${row.size} ${sha256(res.rawPayload)}`;
  }
  result.users = (
    await t.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'email', 'password_hash', 'disabled', 'created_at', 'updated_at'])
      .orderBy('id')
      .execute()
  ).map((u) => ({ ...u, disabled: Number(u.disabled) }));
  return result;
}
