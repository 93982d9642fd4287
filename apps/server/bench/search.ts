import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Load, type Measure, benchTiming, errorsText, measure, measureInTurn } from './load.ts';
import { type OwnFolder, freePort, ownDataFolder, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopAll, stopChild } from './processes.ts';
import { type Goal, printGoals } from './report.ts';
import { base } from './run-server.ts';
import { DRAFTS_SEARCH_WORD, insertFaqsWithDrafts } from './drafts-read.ts';
import {
  FULL_SCALE,
  QUICK_SCALE,
  SEARCH_WORD,
  SECOND_LANGUAGE,
  doFirstStartWork,
  faqAnswer,
  insertContentItems,
  insertLanguage,
} from './seed.ts';

/**
 * `npm run bench:search`: the searches of the whole bench on data of their own, alone, so a change to searching
 * can be measured without the whole run: the website's search over FAQs with drafts beside (c=50, in turn with
 * raw node:http answering its very bytes), the same search signed in with drafts (status=all, never cached), and
 * the content area's search over its 100,000 items as one editor (c=1), public and status=all. Every record is
 * written in a second language too, and each search is measured plain and in that language (`?locale=fr`: the
 * French text, falling back to the default's). BENCH_QUICK=1 runs short and small.
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
  await doFirstStartWork(folder.dataDir);
  const server = await startOwnServer(folder);
  try {
    return await use({ base: server.base, auth: server.auth, folder });
  } finally {
    await server.stop();
    folder.remove();
  }
}

/** The FAQs with drafts, each also in the second language, its French title carrying the search word where the English one does. */
function insertFaqsInTwoLanguages(database: Parameters<typeof insertFaqsWithDrafts>[0]): void {
  insertFaqsWithDrafts(database);
  insertLanguage(database, 'faqs', 2_000, (n) => ({
    title: `Question ${n} en français${n % 20 < 2 ? ` ${DRAFTS_SEARCH_WORD}` : ''}`,
    description: faqAnswer(n).replaceAll('Answer', 'Réponse'),
  }));
}

interface FaqSearch {
  raw: Measure;
  search: Measure;
  all: Measure;
  inLanguage: Measure;
  allInLanguage: Measure;
}

/**
 * The public search in turn with raw node:http answering its bytes and with the same search in the second language,
 * then both signed in with drafts.
 */
async function measureFaqSearch(): Promise<FaqSearch> {
  const path = `/api/faqs?q=${DRAFTS_SEARCH_WORD}`;
  const french = `${path}&locale=${SECOND_LANGUAGE}`;
  return withServer(insertFaqsInTwoLanguages, async (server) => {
    const bytes = Buffer.from(await (await fetch(`${server.base}${path}`)).arrayBuffer());
    const file = join(server.folder.dataDir, 'search.json');
    writeFileSync(file, bytes);
    const rawPort = await freePort();
    let raw: ChildProcess | undefined;
    try {
      raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(rawPort), file]);
      await readyMessage(raw);
      const load: Load = { path, connections: 50, expect: 200 };
      const [rawM, searchM, frenchM] = (await measureInTurn(
        [
          { base: base(rawPort), load },
          { base: server.base, load },
          { base: server.base, load: { ...load, path: french } },
        ],
        seconds,
        slices,
      )) as [Measure, Measure, Measure];
      const signedIn = (url: string) =>
        measure(
          server.base,
          { path: `${url}&status=all`, connections: 50, expect: 200, headers: server.auth },
          seconds,
        );
      return {
        raw: rawM,
        search: searchM,
        inLanguage: frenchM,
        all: await signedIn(path),
        allInLanguage: await signedIn(french),
      };
    } finally {
      if (raw) await stopChild(raw);
    }
  });
}

type View = 'public' | 'all' | 'publicInLanguage' | 'allInLanguage';

/** The content items, each also in the second language, the search word in the same French titles as English ones. */
function insertContentInTwoLanguages(database: Parameters<typeof insertContentItems>[0]): void {
  insertContentItems(database, contentItems);
  insertLanguage(database, 'content', contentItems, (n) => ({
    title: `Article ${n} : actualités${n % 50 === 7 ? ` ${SEARCH_WORD}` : ''}`,
    excerpt: `Résumé de l'article ${n}, pour les étudiants ce semestre.`,
  }));
}

async function measureContentSearch(): Promise<Record<View, Measure>> {
  const path = `/api/content?q=${SEARCH_WORD}&limit=20`;
  const french = `${path}&locale=${SECOND_LANGUAGE}`;
  return withServer(insertContentInTwoLanguages, async (server) => {
    const one = (url: string) =>
      measure(server.base, { path: url, connections: 1, expect: 200, headers: server.auth }, seconds);
    return {
      public: await one(path),
      all: await one(`${path}&status=all`),
      publicInLanguage: await one(french),
      allInLanguage: await one(`${french}&status=all`),
    };
  });
}

const VIEWS: readonly { view: View; name: string }[] = [
  { view: 'public', name: 'public' },
  { view: 'all', name: 'all' },
  { view: 'publicInLanguage', name: `public, locale=${SECOND_LANGUAGE}` },
  { view: 'allInLanguage', name: `all, locale=${SECOND_LANGUAGE}` },
];

async function main(): Promise<Goal[]> {
  const fr = `&locale=${SECOND_LANGUAGE}`;
  console.log(`Search over 2,000 FAQs, 1,000 of them drafts, each also in ${SECOND_LANGUAGE} (c=50)…`);
  const faqs = await measureFaqSearch();
  console.log(show('raw node:http, the same bytes', faqs.raw));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}`, faqs.search));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}${fr}`, faqs.inLanguage));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}&status=all, signed in`, faqs.all));
  console.log(show(`GET /api/faqs?q=${DRAFTS_SEARCH_WORD}${fr}&status=all, signed in`, faqs.allInLanguage));
  console.log(`Content search over ${contentItems} items, each also in ${SECOND_LANGUAGE} (c=1, signed in)…`);
  const content = await measureContentSearch();
  const contentPath = `GET /api/content?q=${SEARCH_WORD}&limit=20`;
  console.log(show(contentPath, content.public));
  console.log(show(`${contentPath}&status=all`, content.all));
  console.log(show(`${contentPath}${fr}`, content.publicInLanguage));
  console.log(show(`${contentPath}${fr}&status=all`, content.allInLanguage));
  const faqGoal = (name: string, m: Measure, raw?: Measure): Goal => ({
    goal: `${name} with 1,000 drafts p99 (c=50)`,
    value: `${m.p99} ms${raw ? ` (raw node:http ${raw.p99} ms)` : ''}, ${errorsText(m)}`,
    target: '≤ 50 ms',
    holds: m.p99 <= 50 && m.errors === 0,
  });
  return [
    faqGoal('public search', faqs.search, faqs.raw),
    faqGoal(`public search, locale=${SECOND_LANGUAGE}`, faqs.inLanguage),
    ...VIEWS.flatMap(({ view, name }) => [
      {
        goal: `content search p50 (c=1, ${name})`,
        value: `${content[view].p50} ms`,
        target: '≤ 50 ms',
        holds: content[view].p50 <= 50,
      },
      {
        goal: `content search p99 (c=1, ${name})`,
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
