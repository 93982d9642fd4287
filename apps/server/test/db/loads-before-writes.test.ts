import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBeforeWrites, writeTransaction } from '../../src/db/write-transaction.ts';
import { htmlParser } from '../../src/rich-text/html-parser.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

/**
 * Modules read inside a write's transaction load on first use, before the transaction opens: waiting for one inside
 * it would hold SQLite's write lock while its files are read (three instances in one process then stalled on it).
 */
describe.each(dialects)('modules loaded before a write on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('are loaded when the first transaction opens, the HTML parser of the site-health checks among them', async () => {
    let loaded = false;
    loadBeforeWrites(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      loaded = true;
    });
    const seen = await writeTransaction(t.db, async (trx) => {
      await trx.selectFrom('logs').select('id').limit(1).execute();
      return { loaded, parser: typeof htmlParser().Parser };
    });
    expect(seen).toEqual({ loaded: true, parser: 'function' });
  });

  it('fail the write that needed them when they fail to load, and are tried again by the next', async () => {
    let tries = 0;
    loadBeforeWrites(async () => {
      tries += 1;
      if (tries === 1) throw new Error('the module could not be read');
    });
    let ran = 0;
    const work = async () => {
      ran += 1;
    };
    await expect(writeTransaction(t.db, work)).rejects.toThrow('the module could not be read');
    expect(ran).toBe(0);
    await writeTransaction(t.db, work);
    expect({ tries, ran }).toEqual({ tries: 2, ran: 1 });
  });
});
