import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import { openDatabase } from '../db/connection.ts';
import { claimScheduledBackup, releaseClaim } from './backup-state.ts';
import { createBackup, type BackupResult } from './create-backup.ts';
import { BACKUP_PREFIXES, defaultBackupFile, resolveFromCaller } from './files.ts';
import { BACKUP_EXTENSION } from './format.ts';

/** How often an instance asks whether a scheduled backup is due. */
const SCHEDULE_CHECK_MS = 60_000;

/**
 * Scheduled backups are `bursary-scheduled-<stamp>.bursary-backup` (`-2`… after the stamp when two
 * share a millisecond): a prefix no other backup has, so pruning never takes a manual one.
 */
const SCHEDULED = new RegExp(
  `^${BACKUP_PREFIXES.scheduled}-(\\d{8}T\\d{6}\\.\\d{3}Z)(?:-(\\d+))?\\.${BACKUP_EXTENSION}$`,
);

/** Oldest first: by stamp, then by the number a shared stamp got. */
function byAge(a: string, b: string): number {
  const [, stampA = '', nA = '1'] = SCHEDULED.exec(a) ?? [];
  const [, stampB = '', nB = '1'] = SCHEDULED.exec(b) ?? [];
  return stampA === stampB ? Number(nA) - Number(nB) : stampA < stampB ? -1 : 1;
}

/** Deletes the oldest scheduled backups (and their checksum files) beyond `keep`; others are never touched. */
export function pruneBackups(dir: string, keep: number): string[] {
  const scheduled = readdirSync(dir)
    .filter((name) => SCHEDULED.test(name))
    .sort(byAge);
  const removed = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of removed) {
    rmSync(join(dir, name), { force: true });
    rmSync(join(dir, `${name}.sha256`), { force: true });
  }
  return removed;
}

/**
 * Makes the scheduled backup if it is due and this instance wins the claim (one instance per
 * period, however many share the database). The backup reads on a connection of its own, so the
 * server's connection is never held by it. Returns what was written, or undefined.
 */
export async function runScheduledBackup(app: FastifyInstance, now = new Date()): Promise<BackupResult | undefined> {
  const { config } = app;
  const everyMs = config.backupEveryHours * 3_600_000;
  const db = app.db as unknown as Kysely<unknown>;
  const previous = await claimScheduledBackup(db, everyMs, now);
  if (previous === undefined) return undefined;
  const source = await openDatabase(config);
  try {
    const result = await createBackup(
      source as unknown as Kysely<unknown>,
      defaultBackupFile(config.backupDir, now, 'scheduled'),
      { otherNameIfTaken: true },
    );
    app.countBackup();
    const removed = pruneBackups(resolveFromCaller(config.backupDir), config.backupKeep);
    app.log.info(
      { file: result.file, bytes: result.bytes, sha256: result.sha256, removed },
      'scheduled backup written',
    );
    return result;
  } catch (error) {
    await releaseClaim(db, now, previous).catch(() => {});
    throw error;
  } finally {
    await source.destroy();
  }
}

/** Checks every minute while the server runs; close waits for a backup in progress. */
export function startBackupSchedule(app: FastifyInstance): () => Promise<void> {
  return startPeriodicTask(
    () => runScheduledBackup(app),
    SCHEDULE_CHECK_MS,
    (error) => {
      app.log.error({ err: error }, 'scheduled backup failed; the next check tries again');
    },
  );
}
