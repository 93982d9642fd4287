import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { freshSchema } from '../helper.ts';

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Migrations run while the neighbour works. */
const STARTS = 6;

/**
 * A neighbour on the same database that creates a schema with a table and drops it again, over and over
 * (as another application may, or a test run that gives each suite a schema of its own), until stopped.
 */
async function busyNeighbour(): Promise<{ stop: () => Promise<number> }> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  let running = true;
  let drops = 0;
  const loop = (async () => {
    while (running) {
      const name = `neighbour_${randomBytes(6).toString('hex')}`;
      await client.query(`create schema ${name}`);
      await client.query(`create table ${name}.things (id serial primary key, a int, b text, c text, d int)`);
      await client.query(`drop schema ${name} cascade`);
      drops++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return drops;
    },
  };
}

/**
 * A PostgreSQL database is often shared: with other applications, or with other Bursary schemas that come
 * and go. The start-up's migration must read its own schema only, so that nothing another user of the
 * database does meanwhile can fail it.
 */
describe.runIf(pgUrl)('migrations on a PostgreSQL database shared with other schemas', () => {
  it('start while another user of the database creates and drops schemas', async () => {
    const neighbour = await busyNeighbour();
    cleanups.push(async () => void (await neighbour.stop()));
    const outcomes: string[] = [];
    for (let start = 0; start < STARTS; start++) {
      const own = await freshSchema();
      cleanups.push(own.drop);
      const db = await openDatabase(loadConfig({ DATABASE_URL: pgUrl, LOG_LEVEL: 'silent' }), {
        searchPath: own.name,
      });
      cleanups.push(() => db.destroy());
      outcomes.push(
        await migrateToLatest(db).then(
          async () => {
            const { rows } = await sql<{ count: string }>`select count(*) as count from information_schema.tables
              where table_schema = ${own.name} and table_name = 'faqs'`.execute(db);
            return Number(rows[0]?.count) === 1 ? 'migrated' : 'no faqs table';
          },
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      );
    }
    expect(await neighbour.stop()).toBeGreaterThan(0);
    expect(outcomes).toEqual(Array(STARTS).fill('migrated'));
  });
});
