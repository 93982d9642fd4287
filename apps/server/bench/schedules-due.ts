import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../src/db/connection.ts';
import { ownDataFolder, startOwnServer } from './own-server.ts';
import type { Part } from './report.ts';
import { insertRows } from './seed.ts';

/**
 * 10,000 scheduled unpublishes all due at once, and two server processes on the same SQLite file
 * both looking for them: every one must run exactly once (one revision and one log row each, each
 * record a draft, none failed), all within a minute.
 */
const COUNT = 10_000;
const LIMIT_MS = 60_000;
/** Past the goal the run stops waiting, so a stuck runner still ends the bench. */
const GIVE_UP_MS = 120_000;

interface Counts {
  pending: number;
  done: number;
  failed: number;
  revisions: number;
  revisedRecords: number;
  logs: number;
  drafts: number;
}

function countsOf(database: SqliteDatabase.Database): Counts {
  const one = (sql: string) => Number((database.prepare(sql).pluck().get() as number | bigint | undefined) ?? 0);
  return {
    pending: one(`select count(*) from schedules where state = 'pending'`),
    done: one(`select count(*) from schedules where state = 'done'`),
    failed: one(`select count(*) from schedules where state = 'failed'`),
    revisions: one(`select count(*) from revisions where section = 'content'`),
    revisedRecords: one(`select count(distinct record_id) from revisions where section = 'content'`),
    logs: one(`select count(*) from logs where section = 'content'`),
    drafts: one(`select count(*) from content where status = 'draft'`),
  };
}

export async function measureSchedulesDue(): Promise<Part> {
  const now = Date.now();
  const folder = await ownDataFolder((database) => {
    insertRows(
      database,
      'content',
      COUNT,
      (n) => ({ title: `Item ${n}`, excerpt: `Excerpt of item ${n}.`, body: `<p>Body of item ${n}.</p>` }),
      (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
    );
    const schedule = database.prepare(
      `insert into schedules (section, record_id, action, due_at, state, set_by, set_at) values ('content', ?, 'unpublish', ?, 'pending', 'bench', ?)`,
    );
    const ids = database.prepare('select id from content order by id').pluck().all() as number[];
    const due = new Date(now - 1_000).toISOString();
    for (const id of ids) schedule.run(id, due, new Date(now - 60_000).toISOString());
  });
  const env = { SCHEDULE_CHECK_SECONDS: '1' };
  const since = performance.now();
  const servers = await Promise.all([startOwnServer(folder, env), startOwnServer(folder, env)]);
  const reader = new SqliteDatabase(join(folder.dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    const healthyMs = performance.now() - since;
    let counts = countsOf(reader);
    while (counts.pending > 0 && performance.now() - since < GIVE_UP_MS) {
      await sleep(100);
      counts = countsOf(reader);
    }
    const allMs = Math.round(performance.now() - since);
    // the last action's revision and log row commit with its claim: a fresh look shows them all
    counts = countsOf(reader);
    const once =
      counts.done === COUNT &&
      counts.failed === 0 &&
      counts.revisions === COUNT &&
      counts.revisedRecords === COUNT &&
      counts.logs === COUNT &&
      counts.drafts === COUNT;
    return {
      title: `${COUNT.toLocaleString('en')} scheduled unpublishes due at once, two server processes on one SQLite file`,
      lines: [
        `  both servers answering /api/health after ${Math.round(healthyMs)} ms (SCHEDULE_CHECK_SECONDS=1)`,
        `  every schedule settled ${allMs} ms after the two started (${counts.pending} still pending)`,
        `  schedules done ${counts.done}, failed ${counts.failed}; revisions ${counts.revisions} of ${counts.revisedRecords} records; log rows ${counts.logs}; records now drafts ${counts.drafts}`,
      ],
      goals: [
        {
          goal: `${COUNT.toLocaleString('en')} due schedules, two processes: all done`,
          value: `${allMs} ms`,
          target: `≤ ${LIMIT_MS.toLocaleString('en')} ms`,
          holds: counts.pending === 0 && allMs <= LIMIT_MS,
        },
        {
          goal: 'each scheduled unpublish ran exactly once',
          value: `${counts.done} done, ${counts.failed} failed, ${counts.revisions} revisions, ${counts.logs} log rows, ${counts.drafts} drafts`,
          target: `${COUNT} of each, 0 failed`,
          holds: once,
        },
      ],
      figures: { healthyMs: Math.round(healthyMs), allMs, ...counts },
    };
  } finally {
    reader.close();
    await Promise.all(servers.map((server) => server.stop()));
    folder.remove();
  }
}
