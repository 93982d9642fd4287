import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * The database, its backups and the key file hold every account and secret of the fund: they are
 * readable by the owner of the process alone (files 0600), in folders only that owner can list
 * (0700). Folders that exist already keep their mode: the operator chose it.
 */
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_FOLDER_MODE = 0o700;

/** Makes a folder and any missing parents with mode 0700. */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Creates an empty file with mode 0600; fails with EEXIST when the name is taken, so nothing is ever overwritten. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
}

/**
 * Narrows an existing file to mode 0600 (one made by an older version). A missing file is left
 * missing, and a file another account owns (EPERM) keeps the mode that account gave it.
 */
export function makeOwnerOnly(path: string): void {
  try {
    chmodSync(path, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
