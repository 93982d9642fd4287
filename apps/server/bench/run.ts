import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Load, type Measure, benchTiming, measure, measureInTurn } from './load.ts';
import { readyMessage, rssMb, startChild, stopAll, stopChild, waitForHealth } from './processes.ts';
import type { Report, Row } from './report.ts';
import { finishRun } from './run-goals.ts';
import { admin, base, dataDir, json, ports, startServer } from './run-server.ts';
import {
  FULL_SCALE,
  PROBLEM_ITEMS,
  QUICK_SCALE,
  SEARCH_WORD,
  SECOND_LANGUAGE,
  TRANSLATION_PROBLEM_ITEMS,
  seedDataFolder,
} from './seed.ts';
import { measureSiteHealthWriteCost } from './site-health-cost.ts';
import { postLoad, putLoad } from './writes.ts';
import { measurePostgresWrites } from './postgres-writes.ts';
import { measureBrowser } from './browser.ts';
import { lighthouseOrMissed } from './lighthouse.ts';
import { measureSignInStorm } from './sign-in-storm.ts';
import { measureSanitiserBombs } from './sanitiser-bombs.ts';
import { measureSignInFlood } from './sign-in-flood.ts';
import { measurePublishingParts } from './publishing-parts.ts';
import { measureInlineImages } from './inline-images.ts';
import { measureImageVariants } from './image-variants.ts';
import { measureWebsite } from '../../website/bench/website.ts';

/**
 * `npm run bench`: seeds a fresh data folder, starts the real server and two baselines
 * on loopback, measures them in one run with autocannon, prints the table and the goals, and
 * writes the same as JSON under bench-results/. BENCH_QUICK=1 runs short and small.
 */
const quick = process.env.BENCH_QUICK === '1';
const scale = quick ? QUICK_SCALE : FULL_SCALE;
/** `slices`: per target when the server and the baselines are measured in turn. */
const { seconds, slices: SLICES } = benchTiming(quick);
const roundSeconds = quick ? { warm: 0, run: 1.5 } : { warm: 0, run: 4 };
const here = import.meta.dirname;

/**
 * Starts the server and both baselines once and stops them, before any is measured. Each keeps its compiled code
 * between starts (NODE_COMPILE_CACHE), and a first start after a change to its code strips the TypeScript again and
 * then holds the stripper, some 16 MB, for the rest of its life: the idle figures are a warm start's, as every start
 * but the first after an update is.
 */
async function warmStarts(): Promise<void> {
  const listFile = join(dataDir, 'warm-up-list.json');
  writeFileSync(listFile, '[]');
  const { child: server, since } = startServer(ports.server);
  const raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(ports.raw), listFile]);
  const fastify = startChild(join(here, 'baselines', 'fastify-sqlite.ts'), [String(ports.fastify), listFile, dataDir]);
  await Promise.all([waitForHealth(base(ports.server), since, server), readyMessage(raw), readyMessage(fastify)]);
  await Promise.all([stopChild(server), stopChild(raw), stopChild(fastify)]);
  rmSync(listFile);
}

async function main(): Promise<void> {
  const t0 = performance.now();
  // the server serves the console it finds built: build it first if its sources changed
  execFileSync(process.execPath, [join(here, '..', '..', '..', 'scripts', 'build-console-if-stale.ts')], {
    stdio: 'inherit',
  });
  console.log(`Seeding ${JSON.stringify(scale)}${quick ? ' (quick mode)' : ''}…`);
  await seedDataFolder(dataDir, admin, scale);
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

  await warmStarts();
  const { child: server, since } = startServer(ports.server);
  const firstStartMs = await waitForHealth(base(ports.server), since, server);
  const srv = base(ports.server);
  const { body: login } = await json<{ token: string; user: unknown }>(`${srv}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const auth = { authorization: `Bearer ${login.token}` };
  // the baselines answer exactly the bytes the real server answers for the list
  const listRes = await fetch(`${srv}/api/faqs`);
  const listBytes = Buffer.from(await listRes.arrayBuffer());
  const listEtag = listRes.headers.get('etag') ?? '"none"';
  const listFile = join(dataDir, 'faqs.json');
  writeFileSync(listFile, listBytes);
  const raw = startChild(join(here, 'baselines', 'raw-http.ts'), [String(ports.raw), listFile]);
  const fastify = startChild(join(here, 'baselines', 'fastify-sqlite.ts'), [String(ports.fastify), listFile, dataDir]);
  await Promise.all([readyMessage(raw), readyMessage(fastify)]);
  await sleep(1_000);
  const memory: Report['memory'] = {
    serverIdleMb: rssMb(server),
    rawIdleMb: rssMb(raw),
    fastifyIdleMb: rssMb(fastify),
  };

  const run = (port: number, load: Load, s = seconds) => measure(base(port), load, s);
  const rows: Row[] = [];
  const add = (name: string, m: Measure, raw?: Measure, fastify?: Measure): Row => {
    const row = { name, ...m, raw, fastify };
    rows.push(row);
    return row;
  };
  const getList: Load = { path: '/api/faqs', connections: 50, expect: 200 };

  console.log(`Measuring reads (${seconds.run} s each)…`);
  // the baselines, the list and the list in a second language in turn, slice by slice: their ratios are the goals,
  // and on a shared machine figures measured minutes apart differ by more than the goals' margins
  const inLanguage: Load = { ...getList, path: `/api/faqs?locale=${SECOND_LANGUAGE}` };
  const [rawGetM, fastifyGetM, getM, getInLanguageM] = await measureInTurn(
    [
      { base: base(ports.raw), load: getList },
      { base: base(ports.fastify), load: getList },
      { base: base(ports.server), load: getList },
      { base: base(ports.server), load: inLanguage },
    ],
    seconds,
    SLICES,
  );
  const rawGet = add('raw node:http GET list (c=50)', rawGetM as Measure);
  const fastifyGet = add('Fastify+SQLite GET list (c=50)', fastifyGetM as Measure);
  const get = add('Bursary GET /api/faqs (c=50)', getM as Measure, rawGet, fastifyGet);
  const getInLanguage = add(
    `Bursary GET /api/faqs?locale=${SECOND_LANGUAGE}, every FAQ in it too (c=50)`,
    getInLanguageM as Measure,
    rawGet,
    fastifyGet,
  );
  add(
    'Bursary GET /api/faqs br (c=50)',
    await run(ports.server, { ...getList, headers: { 'accept-encoding': 'br, gzip' } }),
    rawGet,
    fastifyGet,
  );
  const notModified = add(
    'Bursary GET /api/faqs If-None-Match 304 (c=50)',
    await run(ports.server, { ...getList, headers: { 'if-none-match': listEtag }, expect: 304 }),
    rawGet,
    fastifyGet,
  );
  add(
    'Bursary GET /api/heroes (c=50)',
    await run(ports.server, { ...getList, path: '/api/heroes' }),
    rawGet,
    fastifyGet,
  );

  console.log('Measuring the dashboard, the content area and the large section…');
  // one editor's page load: the latency goals are per request, not under a crowd
  const dash = (path: string): Load => ({ path, connections: 1, expect: 200, headers: auth });
  const logsPage = add('dashboard GET /api/logs?limit=5 (c=1)', await run(ports.server, dash('/api/logs?limit=5')));
  const summary = add('dashboard GET /api/logs/summary (c=1)', await run(ports.server, dash('/api/logs/summary')));
  const siteHealth = add(
    `site health, ${PROBLEM_ITEMS} records with problems among ${scale.content} items, each in ${SECOND_LANGUAGE} too, ${TRANSLATION_PROBLEM_ITEMS} of them missing or outdated there (c=1)`,
    await run(ports.server, dash('/api/site-health')),
  );
  add('content page 1, 20 items (c=1)', await run(ports.server, dash('/api/content?limit=20')));
  add(
    `content page at offset ${scale.content / 2} (c=1)`,
    await run(ports.server, dash(`/api/content?limit=20&offset=${scale.content / 2}`)),
  );
  const search = add(
    `content search q=${SEARCH_WORD} (c=1)`,
    await run(ports.server, dash(`/api/content?q=${SEARCH_WORD}&limit=20`)),
  );
  add(`messages: all ${scale.messages} records (c=1)`, await run(ports.server, dash('/api/messages')));
  add(`messages: filter q=Office 3 (c=1)`, await run(ports.server, dash('/api/messages?q=Office%203')));
  const historyPage = add(
    `history page of a FAQ with ${scale.revisions} revisions (c=1)`,
    await run(ports.server, dash('/api/faqs/1/revisions')),
  );

  console.log('The messages page in Chromium…');
  const consoleBuilt = existsSync(join(here, '..', '..', 'console', 'dist', 'index.html'));
  // the browser figures are a part of the run, not a condition of it: a failure is reported, not fatal
  let browserMissed: string | undefined;
  const browser = await measureBrowser(srv, login, consoleBuilt, `Sender ${scale.messages - 1}`).catch(
    (error: unknown) => {
      browserMissed = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      console.log(`Chromium measurement failed: ${browserMissed}`);
      return undefined;
    },
  );

  console.log('The dashboard under Lighthouse (desktop preset)…');
  const lighthouse = await lighthouseOrMissed(srv, login, consoleBuilt);

  console.log('Repeated rounds in one process (reads and edits), RSS after each…');
  const { body: faqs } = await json<{ id: number }[]>(`${srv}/api/faqs`);
  const putIds = faqs.slice(0, 20).map((f) => f.id);
  const roundsRss: number[] = [];
  for (let round = 0; round < 5; round++) {
    await run(ports.server, getList, roundSeconds);
    await run(ports.server, putLoad(auth, putIds, 10), roundSeconds);
    roundsRss.push(rssMb(server));
  }
  memory.serverAfterRoundsMb = roundsRss;

  console.log('Measuring writes…');
  const post = postLoad(auth, 10);
  const inTurn = (load: Load) =>
    measureInTurn(
      [ports.raw, ports.fastify, ports.server].map((port) => ({ base: base(port), load })),
      seconds,
      SLICES,
    );
  const put = add('Bursary PUT /api/faqs/:id If-Match (c=10)', await run(ports.server, putLoad(auth, putIds, 10)));
  const [rawPostM, fastifyPostM, writeM] = await inTurn(post);
  const rawPost = add('raw node:http POST (c=10)', rawPostM as Measure);
  const fastifyPost = add('Fastify+SQLite POST (c=10)', fastifyPostM as Measure);
  const write = add('Bursary POST /api/faqs with token (c=10)', writeM as Measure, rawPost, fastifyPost);
  put.raw = rawPost;
  put.fastify = fastifyPost;
  await sleep(2_000);
  Object.assign(memory, {
    serverAfterLoadMb: rssMb(server),
    rawAfterLoadMb: rssMb(raw),
    fastifyAfterLoadMb: rssMb(fastify),
  });
  await Promise.all([stopChild(raw), stopChild(fastify), stopChild(server)]);

  // measured alone, then compared with this run's baselines: their rows follow SQLite's writes in the table
  console.log('The same writes on PostgreSQL (a server and a database of their own)…');
  const postgres = await measurePostgresWrites({
    seconds,
    slices: SLICES,
    baselines: { raw: rawPost, fastify: fastifyPost },
  });
  rows.push(...postgres.rows);

  console.log('Start-up on the existing data folder…');
  const startupMs: number[] = [];
  for (let n = 0; n < 3; n++) {
    const again = startServer(ports.server + 3);
    startupMs.push(Math.round(await waitForHealth(base(ports.server + 3), again.since, again.child)));
    await stopChild(again.child);
  }

  console.log("The site health's cost per write…");
  const siteHealthCost = await measureSiteHealthWriteCost(write.p50);

  console.log('Rich-text bombs against a fresh server…');
  const bombGoals = await measureSanitiserBombs();

  console.log('Sign-in storms (their own servers)…');
  const storm = await measureSignInStorm();
  const flood = await measureSignInFlood();

  console.log('Publishing and webhooks (their own servers)…');
  const mainRatio = get.reqPerSec / Math.max(rawGet.reqPerSec, 1);
  const parts = await measurePublishingParts({ quick, seconds, slices: SLICES, mainRatio });

  console.log('Images pasted into rich text (stored sizes)…');
  parts.push(await measureInlineImages());

  console.log('Image variants made on request (a server of its own)…');
  parts.push(await measureImageVariants({ seconds }));
  // the fund's website on the demo's content, in processes of its own
  parts.push(await measureWebsite({ quick }));

  finishRun({
    t0,
    quick,
    scale,
    rows,
    get,
    getInLanguage,
    rawGet,
    notModified,
    write,
    fastifyPost,
    put,
    postgresSkipped: postgres.skipped,
    summary,
    siteHealth,
    siteHealthCost,
    logsPage,
    search,
    historyPage,
    memory,
    roundsRss,
    startupMs,
    firstStartMs,
    listBytes,
    browser,
    browserMissed,
    lighthouse,
    storm,
    flood,
    bombGoals,
    parts,
  });
}

try {
  await main();
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
