import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BACKUP_EXTENSION } from './format.ts';

/** 20261123T215445Z: sorts by time and is a valid file name everywhere. */
const utcStamp = (at: Date): string => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/** DATA_DIR/backups (or BACKUP_DIR), relative to the folder the operator ran npm in. */
export const resolveFromCaller = (path: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), path);

export const defaultBackupFile = (dir: string, at: Date, label = 'bursary'): string =>
  join(resolveFromCaller(dir), `${label}-${utcStamp(at)}.${BACKUP_EXTENSION}`);

/** The name a backup is written under until it is complete: never the real name. */
export const partialName = (file: string): string => `${file}.${process.pid}.partial`;

/** The checksum file beside a backup, in the format `sha256sum -c` reads. */
export const checksumFileOf = (file: string): string => `${file}.sha256`;

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try { fsyncSync(fd); } finally { closeSync(fd); }
}

/** Makes a rename durable: the directory entry itself is synced. */
function fsyncDirectory(path: string): void {
  try { fsyncFile(path); } catch { /* some file systems refuse to sync a directory; the rename still happened */ }
}

/** Moves a complete, synced file to its real name, so a crash leaves the old name or the new whole file. */
export function publish(partial: string, file: string): void {
  fsyncFile(partial);
  renameSync(partial, file);
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
  writeFileSync(partial, `${sha256}  ${basename(file)}\n`);
  publish(partial, target);
}
