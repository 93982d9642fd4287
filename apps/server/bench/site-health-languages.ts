import { type Measure, benchTiming, errorsText, measure } from './load.ts';
import { ownDataFolder, startOwnServer } from './own-server.ts';
import { printGoals } from './report.ts';
import { stopAll } from './processes.ts';
import {
  FULL_SCALE,
  PROBLEM_ITEMS,
  QUICK_SCALE,
  SECOND_LANGUAGE,
  TRANSLATION_PROBLEM_ITEMS,
  doFirstStartWork,
  insertContentItems,
  insertContentTranslations,
} from './seed.ts';

/**
 * `npm run bench:site-health`: the full bench's site-health row alone, on data of its own: 100,000 content items
 * (PROBLEM_ITEMS of them with problems in their body), each in a second, public language too, but
 * TRANSLATION_PROBLEM_ITEMS missing or outdated there; GET /api/site-health as one editor (c=1). BENCH_QUICK=1 runs
 * short and small.
 */
const quick = process.env.BENCH_QUICK === '1';
const { seconds } = benchTiming(quick);
const items = (quick ? QUICK_SCALE : FULL_SCALE).content;

async function main(): Promise<Measure> {
  const folder = await ownDataFolder((database) => {
    insertContentItems(database, items);
    insertContentTranslations(database, items);
  });
  try {
    await doFirstStartWork(folder.dataDir);
    const server = await startOwnServer(folder);
    try {
      const load = { path: '/api/site-health', connections: 1, expect: 200, headers: server.auth };
      return await measure(server.base, load, seconds);
    } finally {
      await server.stop();
    }
  } finally {
    folder.remove();
  }
}

try {
  const m = await main();
  console.log(
    `Site health, ${PROBLEM_ITEMS} records with problems among ${items} items, each in ${SECOND_LANGUAGE} too, ${TRANSLATION_PROBLEM_ITEMS} of them missing or outdated there (c=1)`,
  );
  console.log(`  GET /api/site-health: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`);
  printGoals([{ goal: 'site health p50', value: `${m.p50} ms`, target: '≤ 50 ms', holds: m.p50 <= 50 }]);
} finally {
  await stopAll();
}
