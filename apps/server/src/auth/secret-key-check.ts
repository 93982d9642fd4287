import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/types.ts';
import { secretContext } from './second-factor.ts';
import { SecretBox, SecretKeyError, keyFilePath } from './secret-box.ts';

/**
 * Run at start-up: when users have two-factor sign-in on, the key that sealed their secrets must
 * be there and must open them. Without this check a lost key file would be replaced by a new key
 * on first use, and every code of those users would then fail with a server error.
 */
export async function checkSecretKey(
  db: Kysely<Database>,
  config: Pick<Config, 'secretKey' | 'dataDir'>,
): Promise<void> {
  const sealed = await db
    .selectFrom('users')
    .select(['id', 'totp_secret'])
    .where('totp_enabled', '=', 1)
    .where('totp_secret', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!sealed?.totp_secret) return;
  if (config.secretKey === undefined && !existsSync(keyFilePath(config.dataDir))) {
    throw new SecretKeyError(
      'Two-factor secrets are in the database but the key that opens them is missing: set SECRET_KEY, or put the key file secret.key back in DATA_DIR (npm run user -- totp-off NAME lets a user sign in without the second factor)',
    );
  }
  try {
    new SecretBox(config).open(sealed.totp_secret, secretContext(sealed.id));
  } catch {
    throw new SecretKeyError(
      'The two-factor secrets in the database do not open with this key: set SECRET_KEY (or the key file secret.key in DATA_DIR) to the one they were sealed with',
    );
  }
}
