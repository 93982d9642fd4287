import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/types.ts';
import { UserInputError, countUsers, createUser } from './users.ts';

/**
 * First start on an empty database: create the first user from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or with a random password printed once through `log`.
 * No fixed default password exists (ASVS 2.5.4). Returns true when a user was created.
 */
export async function ensureFirstUser(
  db: Kysely<Database>,
  config: Config,
  log: (line: string) => void,
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const generated = config.adminPassword === undefined;
  // 18 random bytes: 24 base64url characters, 144 bits
  const password = config.adminPassword ?? randomBytes(18).toString('base64url');
  try {
    await createUser(db, { username: config.adminUsername, password, name: 'Administrator', role: 'admin' });
  } catch (error) {
    // another instance starting on the same database may have created it first
    if ((await countUsers(db)) > 0) return false;
    if (error instanceof UserInputError) {
      throw new UserInputError(
        `The first user cannot be created from ADMIN_USERNAME / ADMIN_PASSWORD: ${error.message}`,
      );
    }
    throw error;
  }
  if (generated) {
    log(`Created the first user "${config.adminUsername}" with the password: ${password}`);
    log(
      'It is shown only this once: sign in and change it, or set it with: npm run user -- passwd ' +
        config.adminUsername,
    );
  } else {
    log(`Created the first user "${config.adminUsername}" with the password from ADMIN_PASSWORD`);
  }
  return true;
}
