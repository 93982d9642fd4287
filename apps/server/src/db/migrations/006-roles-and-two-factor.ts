import { type Kysely, sql } from 'kysely';
import { withId } from '../schema-helpers.ts';

/**
 * Team accounts (docs/decisions/012-roles-and-two-factor.md): a role per user, temporary
 * passwords, the last sign-in, and the second factor (an encrypted TOTP secret, the last step
 * accepted so a code works once, single-use recovery codes kept as hashes).
 * The users that exist already: the oldest becomes `admin`, the others `editor`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('editor'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  // `v1:{iv}:{tag}:{ciphertext}` (AES-256-GCM); pending until totp_enabled is 1
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await sql`update users set role = 'admin' where id = (select min(id) from users)`.execute(db);

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();

  // the second step of a sign-in: a password was right, the code is still to come
  await withId(db, db.schema.createTable('mfa_challenges'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_token_hash').unique().on('mfa_challenges').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled',
    'totp_secret',
    'last_login_at',
    'must_change_password',
    'role',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
