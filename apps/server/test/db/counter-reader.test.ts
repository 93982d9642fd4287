import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { writeTransaction } from '../../src/db/write-transaction.ts';
import type { Db } from '../../src/db/types.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/** A counter of this test's own, moved as a section's triggers move theirs. */
const NAME = 'test:counter-reader';
const bump = (db: Db) =>
  sql`insert into counters (name, value) values (${NAME}, 1) on conflict (name) do update set value = counters.value + 1`.execute(
    db,
  );
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe.each(dialects)('the change counters a cached answer is checked against, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  const read = async () => t.app.counters.read(NAME);

  it('move for a read that follows a committed transaction in the same turn of the event loop', async () => {
    const before = await read();
    let readInside: number | undefined;
    await writeTransaction(t.db, async (trx) => {
      await bump(trx);
      // read while the write is not committed, in the turn where it commits: what a read then keeps must not outlive it
      readInside = await read();
    });
    expect(readInside).toBe(before);
    expect(await read()).toBe(before + 1);
  });

  it('move at once for a write straight into the database, outside any transaction', async () => {
    const before = await read();
    await bump(t.db);
    expect(await read()).toBe(before + 1);
  });

  it('move for a read in a later turn of the event loop', async () => {
    const before = await read();
    await bump(t.db);
    await nextTurn();
    expect(await read()).toBe(before + 1);
  });
});
