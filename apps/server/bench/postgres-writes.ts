import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { throwawayPostgres } from '../test/reliability/database.ts';
import { type Measure, benchTiming, measure, measureInTurn } from './load.ts';
import { type OwnServer, emptyDataFolder, freePort, startOwnServer } from './own-server.ts';
import { readyMessage, startChild, stopAll, stopChild, undoOnInterrupt } from './processes.ts';
import { type Row, printTable } from './report.ts';
import { addFaqs, postLoad, putLoad } from './writes.ts';
import { postgresSource, reasonOf, shownUrl, skippedLine } from './postgres-source.ts';

/**
 * Bursary's writes on PostgreSQL, the main run's POST and PUT loads (c=10) with revisions, audit,
 * the webhook outbox and site-health bookkeeping as on SQLite, on a server and a fresh database of their own,
 * dropped after. Printed beside SQLite's rows for information: the write goals are SQLite's. The database server is
 * BENCH_DATABASE_URL's, else TEST_DATABASE_URL's; without one that answers, the part says why it was skipped.
 * `node apps/server/bench/postgres-writes.ts` runs it alone, against a Fastify + SQLite baseline of its own.
 */
const here = import.meta.dirname;
const FAQS = 20;
const CONNECTIONS = 10;

export interface PostgresWrites {
  rows: Row[];
  /** Why there are no rows. */
  skipped?: string;
}

export interface PostgresWritesOptions {
  seconds: { warm: number; run: number };
  slices: number;
  /**
   * The run's raw node:http and Fastify + SQLite POST, for the ratios. Without them (the part run alone) the Fastify
   * + SQLite baseline is started here and measured in turn with PostgreSQL's POST, so that one burst of outside
   * load does not land on one side only.
   */
  baselines?: { raw: Measure; fastify: Measure };
  env?: NodeJS.ProcessEnv;
}

/** The Fastify + SQLite baseline on a folder of its own, durable as in the main run (WAL, synchronous=FULL). */
async function startFastifyBaseline(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-bench-baseline-'));
  const listFile = join(dataDir, 'faqs.json');
  writeFileSync(listFile, '[]');
  const port = await freePort();
  const remove = async () => rmSync(dataDir, { recursive: true, force: true });
  const forget = undoOnInterrupt(remove);
  const stop = async () => {
    await stopChild(child);
    forget();
    await remove();
  };
  const child = startChild(join(here, 'baselines', 'fastify-sqlite.ts'), [String(port), listFile, dataDir]);
  try {
    await readyMessage(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}

export async function measurePostgresWrites(options: PostgresWritesOptions): Promise<PostgresWrites> {
  const source = postgresSource(options.env ?? process.env);
  if ('skipped' in source) return { rows: [], skipped: source.skipped };
  let database: Awaited<ReturnType<typeof throwawayPostgres>>;
  try {
    database = await throwawayPostgres(source.url, `bursary_bench_writes_${process.pid}`);
  } catch (error) {
    return { rows: [], skipped: `${shownUrl(source.url)} cannot be used: ${reasonOf(error)}` };
  }
  const folder = emptyDataFolder();
  const undo = async () => {
    await database.drop();
    folder.remove();
  };
  const forget = undoOnInterrupt(undo);
  let server: OwnServer | undefined;
  let baseline: Awaited<ReturnType<typeof startFastifyBaseline>> | undefined;
  try {
    server = await startOwnServer(folder, { DATABASE_URL: database.url });
    const ids = await addFaqs(server.base, server.auth, FAQS);
    // in the main run's order: the edits first, then the table grows by every POST
    const put = await measure(server.base, putLoad(server.auth, ids, CONNECTIONS), options.seconds);
    const post = postLoad(server.auth, CONNECTIONS);
    const rows: Row[] = [];
    const raw = options.baselines?.raw;
    let fastify = options.baselines?.fastify;
    let posted: Measure;
    if (fastify) {
      [posted] = (await measureInTurn([{ base: server.base, load: post }], options.seconds, options.slices)) as [
        Measure,
      ];
    } else {
      baseline = await startFastifyBaseline();
      [fastify, posted] = (await measureInTurn(
        [
          { base: baseline.base, load: post },
          { base: server.base, load: post },
        ],
        options.seconds,
        options.slices,
      )) as [Measure, Measure];
      rows.push({ name: 'Fastify+SQLite POST (c=10)', ...fastify });
    }
    rows.push(
      { name: 'Bursary POST /api/faqs with token, PostgreSQL (c=10)', ...posted, raw, fastify },
      { name: 'Bursary PUT /api/faqs/:id If-Match, PostgreSQL (c=10)', ...put, raw, fastify },
    );
    return { rows };
  } finally {
    await server?.stop();
    await baseline?.stop();
    forget();
    await undo();
  }
}

if (import.meta.main) {
  try {
    const { seconds, slices } = benchTiming(process.env.BENCH_QUICK === '1');
    console.log(`Bursary's writes on PostgreSQL (c=10, ${seconds.run} s each), POST in turn with Fastify+SQLite…`);
    const result = await measurePostgresWrites({ seconds, slices });
    if (result.skipped) console.log(skippedLine(result.skipped));
    else printTable(result.rows);
  } finally {
    await stopAll();
  }
}
