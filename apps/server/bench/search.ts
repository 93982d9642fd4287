import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Load, type Measure, benchTiming, errorsText, measure, measureInTurn } from './load.ts';
import { type OwnFolder, freePort, ownDataFolder, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopAll, stopChild } from './processes.ts';
import { type Goal, printGoals } from './report.ts';
import { base } from './run-server.ts';
import { DRAFTS_SEARCH_WORD, insertFaqsWithDrafts } from './drafts-read.ts';
import { FULL_SCALE, QUICK_SCALE, SEARCH_WORD, checkRecordsBeforeStart, insertContentItems } from './seed.ts';

/**
 * `npm run bench:search`: the searches of the whole bench on data of their own, alone, so a change to searching
 * can be measured without the whole run: the website's search over FAQs with drafts beside (c=50, in turn with
 * raw node:http answering its very bytes), the same search signed in with drafts (status=all, never cached), and
 * the content area's search over its 100,000 items as one editor (c=1), public and status=all. BENCH_QUICK=1
 * runs short and small.
 */
const here = import.meta.dirname;
const quick = process.env.BENCH_QUICK === '1';
const { seconds, slices } = benchTiming(quick);
const contentItems = (quick ? QUICK_SCALE : FULL_SCALE).content;

const show = (name: string, m: Measure) =>
  `  ${name}: ${m.reqPerSec} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`;

async function withServer<T>(
  fill: (database: Parameters<Parameters<typeof ownDataFolder>[0]>[0]) => void,
  use: (server: { base: string; auth: Record<string, string>; folder: OwnFolder }) => Promise<T>,
): Promise<T> {
  const folder = await ownDataFolder(fill);
  await checkRecordsBeforeStart(folder.dataDir);
  const server = await startOwnServer(folder);
  try {
    return await use({ base: server.base, auth: server.auth, folder });
  } finally {
    await server.stop();
    folder.remove();
  }
}

/** The public search in turn with raw node:http answering its bytes, then the same search signed in with drafts. */
async function measureFaqSearch(): Promise<{ raw: Measure; search: Measure; all: Measure }> {
  const path = `/api/faqs?q=${DRAFTS_SEARCH_WORD}`;
  return withServer(insertFaqsWithDrafts, async (server) => {
    const bytes = Buffer.from(await (await fetch(`${server.base}${path}`)).arrayBuffer());
    const file = join(server.folder.dataDir, 'search.json');
    writeFileSync(file, bytes);
    const rawPort = await freePort();
    let raw: ChildProcess | undefined;
    try {
      raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(rawPort), file]);
      await readyMessage(raw);
      const load: Load = { path, connections: 50, expect: 200 };
      const [rawM, searchM] = (await measureInTurn(
        [
          { base: base(rawPort), load },
          { base: server.base, load },
        ],
        seconds,
        slices,
      )) as [Measure, Measure];
      const all = await measure(
        server.base,
        { path: `${path}&status=all`, connections: 50, expect: 200, headers: server.auth },
        seconds,
      );
      return { raw: rawM, search: searchM, all };
    } finally {
      if (raw) await stopChild(raw);
    }
  });
}

async function measureContentSearch(): Promise<{ public: Measure; all: Measure }> {
  const path = `/api/content?q=${SEARCH_WORD}&limit=20`;
  return withServer(
    (database) => insertContentItems(database, contentItems),
    async (server) => {
      const one = (url: string) =>
        measure(server.base, { path: url, connections: 1, expect: 200, headers: server.auth }, seconds);
      return { public: await one(path), all: await one(`${path}&status=all`) };
    },
  );
}

async function main(): Promise<Goal[]> {
  console.log('Search over 2,000 FAQs, 1,000 of them drafts (c=50)…');
  const faqs = await measureFaqSearch();
  console.log(show('raw node:http, the same bytes', faqs.raw));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}`, faqs.search));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}&status=all, signed in`, faqs.all));
  console.log(`Content search over ${contentItems} items (c=1, signed in)…`);
  const content = await measureContentSearch();
  console.log(show(`GET /api/content?q=${SEARCH_WORD}&limit=20`, content.public));
  console.log(show(`GET /api/content?q=${SEARCH_WORD}&limit=20&status=all`, content.all));
  return [
    {
      goal: 'public search with 1,000 drafts p99 (c=50)',
      value: `${faqs.search.p99} ms (raw node:http ${faqs.raw.p99} ms), ${errorsText(faqs.search)}`,
      target: '≤ 50 ms',
      holds: faqs.search.p99 <= 50 && faqs.search.errors === 0,
    },
    ...(['public', 'all'] as const).flatMap((view) => [
      {
        goal: `content search p50 (c=1, ${view})`,
        value: `${content[view].p50} ms`,
        target: '≤ 50 ms',
        holds: content[view].p50 <= 50,
      },
      {
        goal: `content search p99 (c=1, ${view})`,
        value: `${content[view].p99} ms`,
        target: '≤ 150 ms',
        holds: content[view].p99 <= 150,
      },
    ]),
  ];
}

try {
  printGoals(await main());
} finally {
  await stopAll();
}
