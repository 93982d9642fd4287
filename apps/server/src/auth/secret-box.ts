import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirPath } from '../db/connection.ts';
import { PRIVATE_FILE_MODE, makePrivateFolder } from '../lib/private-files.ts';

/**
 * Secrets kept at rest (the TOTP secrets) are sealed with AES-256-GCM under a key derived from
 * SECRET_KEY or, when it is unset, from a key file made once in DATA_DIR with mode 0600. The key
 * is never in the database, so neither a copied database file nor a backup reveals a secret.
 * Each sealed value is bound to its purpose and row (`context`): moved to another user, it no
 * longer opens.
 */
const KEY_FILE_NAME = 'secret.key';
const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretKeyError extends Error {}

/** Beside the SQLite file, whatever the database: the same folder a backup of DATA_DIR is taken from. */
export const keyFilePath = (dataDir: string) => join(dataDirPath(dataDir), KEY_FILE_NAME);

/** The key file's content, made on first use; `wx` so two processes starting at once keep the first one's. */
function keyFileSecret(dataDir: string): string {
  const path = keyFilePath(dataDir);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new SecretKeyError(`The key file ${KEY_FILE_NAME} in DATA_DIR cannot be read`);
  }
  makePrivateFolder(dataDirPath(dataDir));
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}

export class SecretBox {
  readonly #source: () => string;
  #key: Buffer | undefined;
  #macKey: Buffer | undefined;

  constructor(options: { secretKey: string | undefined; dataDir: string }) {
    const { secretKey, dataDir } = options;
    this.#source = secretKey !== undefined ? () => secretKey : () => keyFileSecret(dataDir);
  }

  /** Read or made on first use, so a fund that never turns on two-factor sign-in gets no key file. */
  get #aesKey(): Buffer {
    this.#key ??= Buffer.from(hkdfSync('sha256', this.#source(), 'bursary', 'secrets at rest v1', 32));
    return this.#key;
  }

  /**
   * HMAC-SHA256 of `data` under a key of its own derived from the same secret, for values the server hands out and
   * checks back.
   */
  sign(data: string): Buffer {
    this.#macKey ??= Buffer.from(hkdfSync('sha256', this.#source(), 'bursary', 'signatures v1', 32));
    return createHmac('sha256', this.#macKey).update(data, 'utf8').digest();
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#aesKey, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    const [format, payload = ''] = sealed.split(':');
    if (format !== FORMAT) throw new SecretKeyError('A stored secret is in an unknown format');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#aesKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyError(
        'A stored secret does not open with this key: is SECRET_KEY (or the key file in DATA_DIR) the one it was sealed with?',
      );
    }
  }
}
