import type { ChildProcess } from 'node:child_process';
import type SqliteDatabase from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Measure, errorsText, measure, measureInTurn } from './load.ts';
import { ownDataFolder, freePort, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopChild } from './processes.ts';
import type { Part } from './report.ts';
import { base } from './run-server.ts';
import { faqAnswer, insertRows } from './seed.ts';

/**
 * Drafts on the public read path: 1,000 published and 1,000 draft FAQs, interleaved, so the list must
 * leave every other row out. The public list is compared with raw node:http serving its very bytes;
 * the published filter is an index, so the ratio should stay where the main run's (no drafts) is.
 */
const here = import.meta.dirname;
const EACH = 1_000;
/** A word in one published FAQ in ten, and in drafts too: what the search looks for. */
export const DRAFTS_SEARCH_WORD = 'guarantor-9';
const WORD = DRAFTS_SEARCH_WORD;

/** The FAQs of this part, published and draft in turn. */
export function insertFaqsWithDrafts(database: SqliteDatabase.Database): void {
  insertRows(
    database,
    'faqs',
    EACH * 2,
    (n) => ({
      title: `Question ${n}${n % 20 < 2 ? ` ${WORD}` : ''}`,
      description: faqAnswer(n),
      status: n % 2 === 0 ? 'published' : 'draft',
    }),
    (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
  );
}

export interface DraftsReadOptions {
  seconds: { warm: number; run: number };
  slices: number;
  /** The main run's GET /api/faqs req/s over raw node:http's (no drafts in that folder). */
  mainRatio: number;
}

export async function measureDraftsRead(options: DraftsReadOptions): Promise<Part> {
  const folder = await ownDataFolder(insertFaqsWithDrafts);
  const server = await startOwnServer(folder);
  const rawPort = await freePort();
  let rawChild: ChildProcess | undefined;
  try {
    const listRes = await fetch(`${server.base}/api/faqs`);
    const listBytes = Buffer.from(await listRes.arrayBuffer());
    const listed = (JSON.parse(listBytes.toString('utf8')) as unknown[]).length;
    const listFile = join(folder.dataDir, 'faqs.json');
    writeFileSync(listFile, listBytes);
    rawChild = startChild(join(here, 'baselines', 'raw-http.ts'), [String(rawPort), listFile]);
    await readyMessage(rawChild);

    const getList = { path: '/api/faqs', connections: 50, expect: 200 };
    const [rawM, listM] = (await measureInTurn(
      [
        { base: base(rawPort), load: getList },
        { base: server.base, load: getList },
      ],
      options.seconds,
      options.slices,
    )) as [Measure, Measure];
    const searchM = await measure(server.base, { ...getList, path: `/api/faqs?q=${WORD}` }, options.seconds);
    const pageM = await measure(server.base, { ...getList, path: '/api/faqs?limit=20&offset=500' }, options.seconds);
    const reads = [listM, searchM, pageM];
    const ratio = listM.reqPerSec / Math.max(rawM.reqPerSec, 1);
    const floor = options.mainRatio - 0.05;
    const show = (name: string, m: Measure) =>
      `  ${name}: ${m.reqPerSec} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.requests} answered, ${errorsText(m)}`;
    return {
      title: `Drafts on the read path (${EACH} published + ${EACH} draft FAQs, c=50)`,
      lines: [
        `  the public list answers ${listed} FAQs, ${listBytes.length} bytes`,
        show('raw node:http, same bytes', rawM),
        show('GET /api/faqs', listM),
        `  ratio to raw ${ratio.toFixed(2)}× (main run, no drafts: ${options.mainRatio.toFixed(2)}×)`,
        show(`GET /api/faqs?q=${WORD}`, searchM),
        show('GET /api/faqs?limit=20&offset=500', pageM),
      ],
      goals: [
        {
          goal: 'GET list req/s vs raw, with 1,000 drafts',
          value: `${ratio.toFixed(2)}×`,
          target: `≥ ${floor.toFixed(2)}× (main run's ratio − 0.05)`,
          holds: ratio >= floor,
        },
        {
          goal: 'public list with drafts: only the published, every read answered',
          value: `${listed} listed; ${reads.map((m) => `${m.requests} answered, ${errorsText(m)}`).join('; ')}`,
          target: `${EACH} listed, answers in each of the 3 runs, 0 errors`,
          holds: listed === EACH && reads.every((m) => m.requests > 0 && m.errors === 0),
        },
      ],
      figures: { listed, listBytes: listBytes.length, raw: rawM, list: listM, search: searchM, page: pageM, ratio },
    };
  } finally {
    if (rawChild) await stopChild(rawChild);
    await server.stop();
    folder.remove();
  }
}
