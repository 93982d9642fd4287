import { join } from 'node:path';
import type { BrowserFigures } from './browser.ts';
import { type LighthouseFigures, lighthouseGoal } from './lighthouse.ts';
import { printParts } from './publishing-parts.ts';
import { type Measure, errorsText, median } from './load.ts';
import {
  type Goal,
  type Part,
  type Report,
  type Row,
  noErrorsGoal,
  printGoals,
  printTable,
  writeReport,
} from './report.ts';
import { skippedLine } from './postgres-source.ts';
import { serverNodeFlags } from './run-server.ts';
import type { Scale } from './seed.ts';
import { type FloodFigures, printSignInFlood, signInFloodGoals } from './sign-in-flood.ts';
import { type StormFigures, printSignInStorm, signInStormGoals } from './sign-in-storm.ts';

/** What a bench run measured, for its goals and its report. */
export interface RunFigures {
  t0: number;
  quick: boolean;
  scale: Scale;
  rows: Row[];
  get: Row;
  /** The same list in a second language every FAQ is written in. */
  getInLanguage: Row;
  rawGet: Row;
  notModified: Row;
  write: Row;
  fastifyPost: Row;
  put: Row;
  /** Why the PostgreSQL writes have no rows. */
  postgresSkipped: string | undefined;
  summary: Row;
  siteHealth: Row;
  siteHealthCost: { lines: string[]; goals: Goal[] };
  logsPage: Row;
  search: Row;
  historyPage: Row;
  memory: Report['memory'];
  roundsRss: number[];
  startupMs: number[];
  firstStartMs: number;
  listBytes: Buffer;
  browser: BrowserFigures | undefined;
  /** Why the browser figures are missing, in the bench's words. */
  browserMissed?: string | undefined;
  /** The dashboard under Lighthouse, or why it was not measured. */
  lighthouse: { figures?: LighthouseFigures | undefined; missed?: string | undefined };
  storm: StormFigures[];
  flood: FloodFigures;
  bombGoals: Goal[];
  parts: Part[];
}

const WRITES_AGAINST_POST =
  "Every write (POST and PUT, SQLite and PostgreSQL) is compared with the baselines' POST: they have no PUT.";

/** Bursary's SQLite writes with everything on against the same run's Fastify + SQLite POST, both durable. */
function durableLimitGoal(method: 'POST' | 'PUT', row: Row, fastifyPost: Row): Goal {
  const ratio = row.reqPerSec / Math.max(fastifyPost.reqPerSec, 1);
  return {
    goal: `${method} req/s vs Fastify+SQLite POST (durable, same run)`,
    value: `${ratio.toFixed(2)}× (${row.reqPerSec} vs ${fastifyPost.reqPerSec})`,
    target: '≥ 1.00×',
    holds: ratio >= 1,
  };
}

/** The website's list in a second language against the same run's list in the default language. */
export function languageListGoal(inLanguage: Measure, plain: Measure): Goal {
  const ratio = inLanguage.reqPerSec / Math.max(plain.reqPerSec, 1);
  return {
    goal: 'GET list in a second language req/s vs the plain GET list',
    value: `${ratio.toFixed(2)}× (${inLanguage.reqPerSec} vs ${plain.reqPerSec})`,
    target: '≥ 0.90×',
    holds: ratio >= 0.9 && inLanguage.errors === 0,
  };
}

/**
 * The server's idle RSS against raw node:http's, both warm-started in the same run: what Bursary's own code and
 * dependencies keep resident at idle, whatever the Node version's own share.
 */
function idleAgainstRawGoal(serverMb: number, rawMb: number): Goal {
  const over = serverMb - rawMb;
  return {
    goal: 'RSS idle vs raw node:http',
    value: `+${over.toFixed(1)} MB (${serverMb} vs ${rawMb} MB)`,
    target: '≤ +25 MB',
    holds: over <= 25,
  };
}

/** The end of a bench run: its goals judged, then the table, the goals and the report printed and written. */
export function finishRun(figures: RunFigures): void {
  const { t0, quick, scale, rows, get, rawGet, notModified, write, fastifyPost, put, summary, logsPage } = figures;
  const { search, historyPage, memory, roundsRss, startupMs, firstStartMs, listBytes, browser, storm, flood } = figures;
  const { bombGoals, parts, siteHealth, siteHealthCost, postgresSkipped, getInLanguage, lighthouse } = figures;
  const here = import.meta.dirname;
  // the first round grows the heap to its working size (a warm-up); from then on a round must not add
  const steady = roundsRss.slice(1);
  const growth = Math.max(...steady.slice(1).map((rss, n) => (rss / (steady[n] ?? rss) - 1) * 100));
  const startup = median(startupMs);
  const goals: Goal[] = [
    {
      goal: 'GET list req/s vs raw',
      value: `${(get.reqPerSec / rawGet.reqPerSec).toFixed(2)}×`,
      target: '≥ 0.80×',
      holds: get.reqPerSec >= 0.8 * rawGet.reqPerSec,
    },
    languageListGoal(getInLanguage, get),
    {
      goal: 'GET list p99 vs raw',
      value: `${get.p99} ms vs ${rawGet.p99} ms`,
      target: '≤ 2×',
      holds: get.p99 <= 2 * Math.max(rawGet.p99, 1),
    },
    {
      goal: '304 answers, no errors',
      value: errorsText(notModified),
      target: '0',
      holds: notModified.errors === 0 && notModified.requests > 0,
    },
    {
      goal: 'POST req/s',
      value: `${write.reqPerSec} (${(write.reqPerSec / fastifyPost.reqPerSec).toFixed(2)}× Fastify+SQLite)`,
      target: '≥ 1,900',
      holds: write.reqPerSec >= 1_900,
    },
    { goal: 'POST p99 at c=10', value: `${write.p99} ms`, target: '≤ 20 ms', holds: write.p99 <= 20 },
    { goal: 'PUT p99 at c=10', value: `${put.p99} ms`, target: '≤ 20 ms', holds: put.p99 <= 20 },
    // SQLite's writes at the durable limit; PostgreSQL's rows are for information
    durableLimitGoal('POST', write, fastifyPost),
    durableLimitGoal('PUT', put, fastifyPost),
    {
      goal: 'RSS idle',
      value: `${memory.serverIdleMb} MB`,
      target: '≤ 80 MB',
      holds: Number(memory.serverIdleMb) <= 80,
    },
    idleAgainstRawGoal(Number(memory.serverIdleMb), Number(memory.rawIdleMb)),
    {
      goal: 'RSS growth round to round',
      value: `${growth.toFixed(1)} % at most (${roundsRss.join(' → ')} MB)`,
      target: '≤ 10 %',
      holds: growth <= 10,
    },
    { goal: 'logs summary p50', value: `${summary.p50} ms`, target: '≤ 5 ms', holds: summary.p50 <= 5 },
    { goal: 'site health p50', value: `${siteHealth.p50} ms`, target: '≤ 50 ms', holds: siteHealth.p50 <= 50 },
    ...siteHealthCost.goals,
    { goal: 'dashboard first page p50', value: `${logsPage.p50} ms`, target: '≤ 5 ms', holds: logsPage.p50 <= 5 },
    { goal: 'content search p50', value: `${search.p50} ms`, target: '≤ 50 ms', holds: search.p50 <= 50 },
    { goal: 'history page p50', value: `${historyPage.p50} ms`, target: '≤ 10 ms', holds: historyPage.p50 <= 10 },
    {
      goal: `messages page render, ${scale.messages} records (Chromium)`,
      value: browser
        ? `${browser.renderMs} ms (median of ${browser.renders.join(', ')}; click to the frame showing the row, timed in the page; Playwright's click to its finding the row: ${browser.seenMs} ms)`
        : `not measured (${figures.browserMissed ?? 'no figures'})`,
      target: '≤ 100 ms',
      holds: (browser?.renderMs ?? Infinity) <= 100,
    },
    {
      goal: 'keystroke to updated list (Chromium)',
      value: browser
        ? `${browser.keystrokeMs} ms (keydown to the frame showing the narrower list, timed in the page; Playwright's key press to its finding the row gone: ${browser.keystrokeSeenMs} ms)`
        : `not measured (${figures.browserMissed ?? 'no figures'})`,
      target: '≤ 100 ms',
      holds: (browser?.keystrokeMs ?? Infinity) <= 100,
    },
    lighthouseGoal(lighthouse.figures, lighthouse.missed),
    {
      goal: 'start-up to /api/health 200',
      value: `${startup} ms (median of ${startupMs.join(', ')})`,
      target: '≤ 1,000 ms',
      holds: startup <= 1_000,
    },
    ...signInStormGoals(storm),
    ...signInFloodGoals(flood),
    ...bombGoals,
    ...parts.flatMap((part) => part.goals),
    noErrorsGoal(rows),
  ];
  const report: Report = {
    at: new Date().toISOString(),
    quick,
    scale: { ...scale },
    rows,
    memory,
    startupMs,
    browser,
    lighthouse: lighthouse.figures,
    signInStorm: storm,
    goals,
    parts,
    notes: [
      `first start after seeding: ${Math.round(firstStartMs)} ms`,
      `server started as npm start does: node ${[...serverNodeFlags, 'src/server.ts'].join(' ')}`,
      `list: ${listBytes.length} bytes`,
      'server LOG_LEVEL=warn; baselines WAL + synchronous=FULL',
      WRITES_AGAINST_POST,
      ...(postgresSkipped ? [skippedLine(postgresSkipped)] : []),
    ],
  };
  console.log('');
  printTable(rows);
  console.log(WRITES_AGAINST_POST);
  if (postgresSkipped) console.log(skippedLine(postgresSkipped));
  console.log('');
  console.log(
    `RSS MB: server idle ${memory.serverIdleMb}, after load ${memory.serverAfterLoadMb}, after rounds ${roundsRss.join(' → ')}; raw idle ${memory.rawIdleMb} / after ${memory.rawAfterLoadMb}; Fastify+SQLite idle ${memory.fastifyIdleMb} / after ${memory.fastifyAfterLoadMb}`,
  );
  console.log(`Start-up to /api/health 200 (existing data folder, ${scale.logs} log rows): ${startupMs.join(', ')} ms`);
  console.log(
    `List: ${listBytes.length} bytes, ${scale.faqs} FAQs. Server started as npm start does: node ${[...serverNodeFlags, 'src/server.ts'].join(' ')}`,
  );
  printSignInStorm(storm);
  printSignInFlood(flood);
  printParts(parts);
  console.log("The site health's cost per write");
  for (const line of siteHealthCost.lines) console.log(line);
  console.log('');
  printGoals(goals);
  console.log(
    `\nWritten to ${writeReport(join(here, '..', 'bench-results'), report)} (total ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
