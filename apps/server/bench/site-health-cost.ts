import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sections } from '@bursary/shared';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { storeRecordProblems } from '../src/site-health/record-problems.ts';
import type { Goal } from './report.ts';
import { faqAnswer } from './seed.ts';

const WRITES = 2_000;
const faqs = sections.find((section) => section.slug === 'faqs')!;

/**
 * What the site's health adds to a write: the checks of the written record and the store of their result, as a
 * write runs them inside its transaction, timed alone on a real SQLite file over many writes (half with problems,
 * half without), against the p50 of a whole POST in the same run.
 */
export async function measureSiteHealthWriteCost(postP50Ms: number): Promise<{ lines: string[]; goals: Goal[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bench-health-'));
  const db = await openDatabase({ ...loadConfig({}), dataDir });
  try {
    await migrateToLatest(db);
    const record = (n: number) => ({
      id: n,
      title: `Question ${n}`,
      description: n % 2 === 0 ? faqAnswer(n) : `${faqAnswer(n)}<p>See <a href="http://fund.example/old">here</a>.</p>`,
    });
    const elapsed = await db.transaction().execute(async (trx) => {
      for (let n = 1; n <= 200; n += 1) await storeRecordProblems(trx, faqs, n, { live: record(n), pending: null });
      const start = performance.now();
      for (let n = 1; n <= WRITES; n += 1) await storeRecordProblems(trx, faqs, n, { live: record(n), pending: null });
      return performance.now() - start;
    });
    const perWriteMs = elapsed / WRITES;
    const share = (perWriteMs / Math.max(postP50Ms, 0.001)) * 100;
    return {
      lines: [
        `  site-health bookkeeping: ${(perWriteMs * 1000).toFixed(0)} µs per write (${WRITES} writes, half with problems)`,
        `  = ${share.toFixed(1)} % of a POST /api/faqs p50 of ${postP50Ms} ms in this run`,
      ],
      goals: [
        {
          goal: "site health's extra cost per write",
          value: `${(perWriteMs * 1000).toFixed(0)} µs = ${share.toFixed(1)} % of POST p50`,
          target: '≤ 10 %',
          holds: share <= 10,
        },
      ],
    };
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
