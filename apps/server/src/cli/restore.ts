import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { createBackup } from '../backup/create-backup.ts';
import { defaultBackupFile, resolveFromCaller } from '../backup/files.ts';
import { BackupError, type CheckedBackup, checkBackup, openBackup } from '../backup/read-backup.ts';
import { restoreBackup, targetContents } from '../backup/restore-backup.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { nowIso } from '../lib/clock.ts';
import { ensureDefaultLocale } from '../locales/store.ts';
import { CliError } from './password-input.ts';
import {
  firstLine,
  formatSeconds,
  formatSize,
  progressReporter,
  runBackupCommand,
  tableLines,
} from './backup-report.ts';

/**
 * `npm run restore -- FILE [--force] [--check]`: checks a backup, then restores it into the
 * database (DATA_DIR or DATABASE_URL) in one transaction and verifies it. Either database's backup
 * restores into either database: this is how a fund moves from SQLite to PostgreSQL.
 * Exit codes: 0 restored (or checked), 1 refused or failed (nothing changed), 2 wrong usage.
 */
const USAGE = `Usage:
  npm run restore -- FILE            restore into an empty database (DATA_DIR, or DATABASE_URL)
  npm run restore -- FILE --force    replace a database's content (a backup of it is made first)
  npm run restore -- FILE --check    only check the file: checksums, format, schema version
Sessions are not in a backup: after a restore everybody signs in again.`;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        force: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new CliError(`${firstLine(error).split('. ')[0]}. See: npm run restore -- --help`, 2);
  }
}

function printChecked(checked: CheckedBackup): void {
  const { manifest } = checked;
  console.log(`Backup checked: ${checked.file}`);
  console.log(
    `  made ${manifest.createdAt} from ${manifest.sourceDialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, format ${manifest.formatVersion}, schema ${manifest.migrations.at(-1) ?? '(none)'}`,
  );
  console.log(
    `  SHA-256 ${checked.sha256} (${checked.checksumFile === 'matched' ? 'matches FILE.sha256' : 'no FILE.sha256 beside it to compare'})`,
  );
  console.log(`  every table's rows match their checksums; content checksum ${checked.contentSha256}`);
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1)
    throw new CliError(
      'restore takes one backup file, e.g. npm run restore -- data/backups/bursary-20260101T020000.000Z.bursary-backup',
      2,
    );
  const started = Date.now();
  const checked = await checkBackup(resolveFromCaller(positionals[0]!));
  printChecked(checked);
  if (values.check) {
    for (const line of tableLines(checked.tables)) console.log(line);
    return;
  }
  const config = loadConfig();
  const target = await openDatabase(config);
  const where = config.databaseUrl
    ? 'the PostgreSQL database of DATABASE_URL'
    : `the SQLite database in ${config.dataDir}`;
  try {
    await migrateToLatest(target);
    const generic = target as unknown as Kysely<unknown>;
    const present = await targetContents(generic);
    if (present.length > 0) {
      const what = present.map((t) => `${t.name} ${t.rows}`).join(', ');
      if (!values.force) {
        throw new CliError(
          `${where} is not empty (${what}): restore into an empty database, or add --force to replace its content (a backup of it is made first)`,
        );
      }
      const keeping = progressReporter('keeping');
      const saved = await createBackup(generic, defaultBackupFile(config.backupDir, new Date(), 'beforeRestore'), {
        otherNameIfTaken: true,
        onProgress: keeping.update,
      }).finally(keeping.done);
      console.log(`Kept what --force replaces: ${saved.file} (${formatSize(saved.bytes)})`);
    }
    const source = openBackup(checked.file);
    try {
      const progress = progressReporter('restoring');
      await restoreBackup(generic, checked, source, progress.update).finally(progress.done);
    } finally {
      source.close();
    }
    // a backup from before languages has none: its records' text is in the default language, as at a start
    await ensureDefaultLocale(target, config.defaultLocale, nowIso());
    console.log(`Restored into ${where}; counts and checksums verified after the restore:`);
    for (const line of tableLines(checked.tables)) console.log(line);
    console.log(`  content checksum ${checked.contentSha256}`);
    console.log(`  took ${formatSeconds(Date.now() - started)}. Sessions are not restored: everybody signs in again.`);
  } finally {
    await target.destroy();
  }
}

await runBackupCommand(
  () => run(process.argv.slice(2)),
  (error) => {
    if (!(error instanceof CliError || error instanceof BackupError || error instanceof ConfigError))
      console.error('Nothing was restored.');
  },
);
