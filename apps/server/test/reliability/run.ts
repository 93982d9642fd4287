// `npm run test:reliability`: the long suites (crash cycles on SQLite and
// PostgreSQL, load, sqlmap) and several instances behind nginx against the real server process on loopback.
// Prints its figures,
// writes {passed, failed} to $BURSARY_REPORT_DIR/reliability.json when set, exits 1 on any failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashCycles } from './crash.ts';
import { postgresInspector, sqliteInspector, throwawayPostgres } from './database.ts';
import { multiInstanceSuite } from './instances.ts';
import { cachingSuite } from './caching.ts';
import { loadTest } from './load.ts';
import { profile } from './profile.ts';
import { undoOnInterrupt } from '../../bench/processes.ts';
import { sqlmapScan } from './sqlmap.ts';

const settings = profile(process.env);
const log = (line: string) => console.log(line);
const results: { name: string; ok: boolean; detail: string }[] = [];

async function suite(name: string, run: () => Promise<{ ok: boolean; detail: string }>): Promise<void> {
  if (!settings.suites.has(name.split(' ')[0] ?? '')) return;
  log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    const { ok, detail } = await run();
    results.push({ name, ok, detail });
    log(`${ok ? 'PASS' : 'FAIL'} ${name} (${Math.round((Date.now() - started) / 1000)} s): ${detail}`);
  } catch (error) {
    results.push({ name, ok: false, detail: String(error) });
    log(`FAIL ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

const runStarted = Date.now();
const scratch = mkdtempSync(join(tmpdir(), 'bursary-reliability-'));
log(`reliability profile ${settings.name}: ${JSON.stringify({ ...settings, suites: [...settings.suites] })}`);

try {
  // the two crash suites share nothing (own port, own database) and spend much of each cycle waiting
  // on a restart, so they run side by side; the load suite runs alone, as its latency is judged
  await Promise.all([
    suite('crash on SQLite', async () => {
      const dataDir = join(scratch, 'crash-sqlite');
      mkdirSync(dataDir);
      const figures = await crashCycles({
        label: 'SQLite',
        env: { port: settings.port, dataDir },
        cycles: settings.sqliteCycles,
        writers: settings.writers,
        inspect: async () => sqliteInspector(dataDir),
        log,
      });
      for (const problem of figures.problems.slice(0, 20)) log(`  ${problem}`);
      const ok = figures.problems.length === 0 && figures.cycles === settings.sqliteCycles;
      return {
        ok,
        detail: `${figures.cycles} kill -9 cycles, integrity_check ok ${figures.integrityOk}/${figures.cycles}, ${figures.acknowledged} acknowledged writes (${figures.records} records), ${figures.missing} missing, ${figures.rows} rows checked, ${figures.requests} requests, ${figures.webhookEvents} webhook events (${figures.webhookRepeats} repeats) for ${figures.records} records, ${figures.problems.length} problems`,
      };
    }),
    suite('crash on PostgreSQL', async () => {
      const database = await throwawayPostgres(settings.postgresUrl, `bursary_crash_${process.pid}`);
      const withdrawDrop = undoOnInterrupt(database.drop);
      try {
        const figures = await crashCycles({
          label: 'PostgreSQL',
          env: { port: settings.port + 1, databaseUrl: database.url },
          cycles: settings.postgresCycles,
          writers: settings.writers,
          inspect: () => postgresInspector(database.url),
          log,
        });
        for (const problem of figures.problems.slice(0, 20)) log(`  ${problem}`);
        const ok = figures.problems.length === 0 && figures.cycles === settings.postgresCycles;
        return {
          ok,
          detail: `${figures.cycles} kill -9 cycles, consistency checks ok ${figures.integrityOk}/${figures.cycles}, ${figures.acknowledged} acknowledged writes (${figures.records} records), ${figures.missing} missing, ${figures.rows} rows checked, ${figures.requests} requests, ${figures.webhookEvents} webhook events (${figures.webhookRepeats} repeats) for ${figures.records} records, ${figures.problems.length} problems`,
        };
      } finally {
        withdrawDrop();
        await database.drop();
      }
    }),
  ]);

  await suite('load', async () => loadTest({ ...settings, dataDir: join(scratch, 'load'), log }));

  await suite('sqlmap', async () => sqlmapScan({ ...settings, dataDir: join(scratch, 'sqlmap'), log }));

  await suite('instances (3 on PostgreSQL behind nginx)', async () =>
    multiInstanceSuite({
      postgresUrl: settings.postgresUrl,
      scratch,
      writes: settings.instanceWrites,
      loadSeconds: settings.instanceLoadSeconds,
      log,
    }),
  );

  await suite('caching (nginx microcache in front)', async () => cachingSuite({ scratch, log }));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
log('\n=== reliability summary ===');
for (const r of results) log(`${r.ok ? 'PASS' : 'FAIL'} ${r.name}: ${r.detail}`);
log(`the run took ${Math.round((Date.now() - runStarted) / 1000)} s`);
log(`${passed} passed, ${failed} failed`);
if (process.env.BURSARY_REPORT_DIR)
  writeFileSync(join(process.env.BURSARY_REPORT_DIR, 'reliability.json'), JSON.stringify({ passed, failed }));
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
