import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { recordBackupMade } from '../backup/backup-state.ts';
import { createBackup } from '../backup/create-backup.ts';
import { defaultBackupFile, isFreeName, nameTaken, resolveFromCaller } from '../backup/files.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase, sqliteFilePath } from '../db/connection.ts';
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
 * `npm run backup -- [FILE]`: one consistent backup file of the database (DATA_DIR or
 * DATABASE_URL), safe while the server runs. Exit codes: 0 written, 1 failed, 2 wrong usage.
 */
const USAGE = `Usage:
  npm run backup -- [FILE]
Writes a backup of the database (DATA_DIR, or DATABASE_URL when set) to FILE, by default
BACKUP_DIR/bursary-<UTC time>.bursary-backup (BACKUP_DIR defaults to DATA_DIR/backups), and its
checksum beside it as FILE.sha256. A backup never overwrites a file. The server may keep running.
Restore with: npm run restore -- FILE`;

async function run(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    throw new CliError(`${firstLine(error).split('. ')[0]}. See: npm run backup -- --help`, 2);
  }
  if (parsed.values.help) return console.log(USAGE);
  if (parsed.positionals.length > 1)
    throw new CliError('backup takes at most one file name. See: npm run backup -- --help', 2);
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(sqliteFilePath(config.dataDir))) {
    throw new CliError(
      `No database at ${sqliteFilePath(config.dataDir)}: nothing to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  }
  const named = parsed.positionals[0];
  const file = named ? resolveFromCaller(named) : defaultBackupFile(config.backupDir, new Date(), 'manual');
  if (named && !isFreeName(file)) throw nameTaken(existsSync(file) ? file : `${file}.sha256`);
  const started = Date.now();
  const db = await openDatabase(config);
  try {
    const progress = progressReporter('backing up');
    const result = await createBackup(db as unknown as Kysely<unknown>, file, {
      otherNameIfTaken: !named,
      onProgress: progress.update,
    }).finally(progress.done);
    await recordBackupMade(db as unknown as Kysely<unknown>, new Date(result.createdAt));
    console.log(`Backup written: ${result.file}`);
    console.log(`  as of ${result.createdAt}, from ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
    for (const line of tableLines(result.tables)) console.log(line);
    console.log(`  size ${formatSize(result.bytes)}, SHA-256 ${result.sha256} (also in ${result.file}.sha256)`);
    console.log(`  content checksum ${result.contentSha256}`);
    console.log(`  took ${formatSeconds(Date.now() - started)}`);
  } finally {
    await db.destroy();
  }
}

await runBackupCommand(() => run(process.argv.slice(2)));
