import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Measure, measure, measureInTurn } from './load.ts';
import { startChild, stopAll, waitForHealth } from './processes.ts';
import { type Goal, type Row, noErrorsGoal, printGoals, printTable } from './report.ts';
import { SQLITE_FILE_NAME } from '../src/db/connection.ts';
import { faqAnswer } from './seed.ts';
import { startScriptNodeFlags } from './start-script.ts';
import { addFaqs, postLoad, putLoad } from './writes.ts';

/**
 * `node apps/server/bench/history.ts`: POST and PUT with revisions against the
 * same writes without them, in one run, and a record's history page with 100,000 revisions.
 * BENCH_BEFORE_DIR names the apps/server folder of a checkout without history (e.g. main's);
 * without it only this code is measured. Ports 3530–3531. BENCH_QUICK=1 runs short.
 */
const quick = process.env.BENCH_QUICK === '1';
const seconds = quick ? { warm: 0.5, run: 4 } : { warm: 1, run: 12 };
const SLICES = quick ? 2 : 4;
const REVISIONS = 100_000;
const here = join(import.meta.dirname, '..');
const beforeDir = process.env.BENCH_BEFORE_DIR;
const admin = { username: 'bench', password: `Bench-${randomBytes(12).toString('base64url')}` };
const folders: string[] = [];

interface Target {
  label: string;
  base: string;
  auth: Record<string, string>;
  dataDir: string;
  ids: number[];
}

async function start(label: string, serverDir: string, port: number): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bursary-history-bench-'));
  folders.push(dataDir);
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  };
  const since = performance.now();
  const child = startChild(
    join(serverDir, 'src', 'server.ts'),
    [],
    env,
    startScriptNodeFlags(join(serverDir, 'package.json')),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, since, child);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return { label, base, auth, dataDir, ids: await addFaqs(base, auth, 20) };
}

/** 100,000 revisions of one FAQ, written straight into the database beside the running server. */
function seedRevisions(dataDir: string, recordId: number): void {
  const database = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
  const insert = database.prepare(
    'insert into revisions (section, record_id, action, version, record, username, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.UTC(2020, 0, 1);
  database.transaction(() => {
    for (let n = 0; n < REVISIONS; n++) {
      const at = new Date(start + n * 60_000).toISOString();
      insert.run(
        'faqs',
        recordId,
        'update',
        n + 2,
        JSON.stringify({
          id: recordId,
          title: `Question ${n}?`,
          description: faqAnswer(n),
          created_at: at,
          updated_at: at,
        }),
        admin.username,
        at,
      );
    }
  })();
  database.close();
}

async function main(): Promise<void> {
  const after = await start('with revisions', here, 3531);
  const targets = beforeDir ? [await start('before (no revisions)', beforeDir, 3530), after] : [after];
  const rows: Row[] = [];
  console.log(`POST and PUT at c=10, ${seconds.run} s each, taken in turn…`);
  const posts = await measureInTurn(
    targets.map((target) => ({ base: target.base, load: postLoad(target.auth, 10) })),
    seconds,
    SLICES,
  );
  const puts = await measureInTurn(
    targets.map((target) => ({ base: target.base, load: putLoad(target.auth, target.ids, 10) })),
    seconds,
    SLICES,
  );
  targets.forEach((target, n) => {
    rows.push({ name: `POST /api/faqs, ${target.label} (c=10)`, ...(posts[n] as Measure) });
    rows.push({ name: `PUT /api/faqs/:id If-Match, ${target.label} (c=10)`, ...(puts[n] as Measure) });
  });

  console.log(`History page with ${REVISIONS.toLocaleString('en')} revisions of one FAQ…`);
  const recordId = after.ids[0] ?? 1;
  seedRevisions(after.dataDir, recordId);
  const history = await measure(
    after.base,
    { path: `/api/faqs/${recordId}/revisions`, connections: 1, expect: 200, headers: after.auth },
    seconds,
  );
  rows.push({
    name: `GET /api/faqs/${recordId}/revisions, first page of ${REVISIONS.toLocaleString('en')} (c=1)`,
    ...history,
  });

  const goals: Goal[] = [
    { goal: 'history page p50', value: `${history.p50} ms`, target: '≤ 10 ms', holds: history.p50 <= 10 },
  ];
  if (beforeDir) {
    const ratio = (m: Measure[]) => (m[1]?.reqPerSec ?? 0) / Math.max(m[0]?.reqPerSec ?? 1, 1);
    goals.push(
      {
        goal: 'POST req/s with revisions vs before',
        value: `${ratio(posts).toFixed(2)}× (${posts[1]?.reqPerSec} vs ${posts[0]?.reqPerSec})`,
        target: '≥ 0.85×',
        holds: ratio(posts) >= 0.85,
      },
      {
        goal: 'PUT req/s with revisions vs before',
        value: `${ratio(puts).toFixed(2)}× (${puts[1]?.reqPerSec} vs ${puts[0]?.reqPerSec})`,
        target: '≥ 0.85×',
        holds: ratio(puts) >= 0.85,
      },
    );
  }
  goals.push(noErrorsGoal(rows));
  console.log('');
  printTable(rows);
  console.log('');
  printGoals(goals);
}

try {
  await main();
} finally {
  await stopAll();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
