import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { FULL_SCALE, QUICK_SCALE, seedDataFolder } from './seed.ts';

/**
 * `node bench/backup-restore.ts`: times npm run backup and npm run restore on the bench's data set
 * (1,000,000 log rows, 100,000 content items; BENCH_QUICK=1 for the small one): a backup of SQLite,
 * its restore into SQLite and, with BENCH_DATABASE_URL, into PostgreSQL and a backup of that.
 */
const scale = process.env.BENCH_QUICK === '1' ? QUICK_SCALE : FULL_SCALE;
const pgUrl = process.env.BENCH_DATABASE_URL;
const serverDir = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'bursary-backup-bench-'));

function timed(label: string, script: string, args: string[], env: Record<string, string>): number {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [`src/cli/${script}.ts`, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  return seconds;
}

try {
  const source = join(work, 'source');
  await seedDataFolder(source, { username: 'bench', password: 'a bench password of length' }, scale);
  console.log(
    `data set: ${scale.logs.toLocaleString('en-US')} log rows, ${scale.content.toLocaleString('en-US')} content items, ${scale.messages} messages, ${scale.faqs} FAQs`,
  );
  const file = join(work, 'bench.bursary-backup');
  timed('backup of SQLite', 'backup', [file], { DATA_DIR: source });
  console.log(`${'backup file size'.padEnd(44)} ${(statSync(file).size / 1024 / 1024).toFixed(1).padStart(6)} MB`);
  timed('restore --check', 'restore', [file, '--check'], { DATA_DIR: source });
  timed('restore into an empty SQLite', 'restore', [file], { DATA_DIR: join(work, 'sqlite-target') });
  if (pgUrl) {
    const schema = `bench_restore_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const url = new URL(pgUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      timed('restore into an empty PostgreSQL', 'restore', [file], { DATA_DIR: work, DATABASE_URL: url.toString() });
      timed('backup of PostgreSQL', 'backup', [join(work, 'from-pg.bursary-backup')], {
        DATA_DIR: work,
        DATABASE_URL: url.toString(),
      });
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
