import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  createReadStream,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';
import { BackupError } from './backup-error.ts';
import { BACKUP_EXTENSION } from './format.ts';

/** 20261123T215445.123Z: sorts by time, to the millisecond, and is a valid file name everywhere. */
const utcStamp = (at: Date): string => at.toISOString().replace(/[-:]/g, '');

/** DATA_DIR/backups (or BACKUP_DIR), relative to the folder the operator ran npm in. */
export const resolveFromCaller = (path: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/**
 * What made a backup, in its file name: `npm run backup` without a name, the schedule, or a
 * restore keeping what --force replaces. Each has its own prefix, so the schedule's pruning can
 * match its own files and nothing else.
 */
export const BACKUP_PREFIXES = {
  manual: 'bursary',
  scheduled: 'bursary-scheduled',
  beforeRestore: 'bursary-before-restore',
} as const;
export type BackupKind = keyof typeof BACKUP_PREFIXES;

export const defaultBackupFile = (dir: string, at: Date, kind: BackupKind): string =>
  join(resolveFromCaller(dir), `${BACKUP_PREFIXES[kind]}-${utcStamp(at)}.${BACKUP_EXTENSION}`);

/** The nth other name for a taken default name: `…Z-2.bursary-backup`, `…Z-3.bursary-backup`. */
export function numberedName(file: string, n: number): string {
  const extension = `.${BACKUP_EXTENSION}`;
  return file.endsWith(extension) ? `${file.slice(0, -extension.length)}-${n}${extension}` : `${file}-${n}`;
}

/** The refusal of a name that is taken: a backup never overwrites a file. */
export const nameTaken = (file: string): BackupError =>
  new BackupError(`${file} already exists: choose another name (a backup never overwrites a file)`);

/** The name a backup is written under until it is complete: never the real name. */
export const partialName = (file: string): string => `${file}.${process.pid}.partial`;

/** The checksum file beside a backup, in the format `sha256sum -c` reads. */
export const checksumFileOf = (file: string): string => `${file}.sha256`;

/** Whether a backup could be published under `file`: neither it nor its checksum file exists. */
export const isFreeName = (file: string): boolean => !existsSync(file) && !existsSync(checksumFileOf(file));

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a new directory entry durable: the directory itself is synced. */
function fsyncDirectory(path: string): void {
  try {
    fsyncFile(path);
  } catch {
    /* some file systems refuse to sync a directory; the entry still exists */
  }
}

/** File systems without hard links (some network and FAT ones) answer these. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Gives a complete, synced file its real name without ever replacing a file: a hard link fails
 * when the name is taken (then `nameTaken`), and appears whole or not at all, so a crash leaves the
 * name free or the whole file. Where hard links are missing, an exclusive copy stands in.
 */
export function publish(partial: string, file: string): void {
  fsyncFile(partial);
  try {
    linkSync(partial, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw nameTaken(file);
    if (!NO_HARD_LINKS.has(code)) throw error;
    try {
      copyFileSync(partial, file, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw nameTaken(file);
      throw copyError;
    }
    fsyncFile(file);
  }
  rmSync(partial, { force: true });
  fsyncDirectory(dirname(file));
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function writeChecksumFile(file: string, sha256: string): void {
  const target = checksumFileOf(file);
  const partial = partialName(target);
  rmSync(partial, { force: true });
  writeFileSync(partial, `${sha256}  ${basename(file)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  publish(partial, target);
}
