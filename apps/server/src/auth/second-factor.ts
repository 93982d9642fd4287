import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type * as OtpAuth from 'otpauth';
import type { Database } from '../db/types.ts';
import { ConflictError } from '../lib/errors.ts';
import type { SecretBox } from './secret-box.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Two-factor sign-in: TOTP as RFC 6238 sets it out and every authenticator app
 * reads it (SHA-1, 6 digits, 30 seconds), a code accepted one step either side of now for clock
 * drift, and never twice: the last step accepted is kept and only a later one passes. Ten
 * recovery codes stand in for a lost phone, once each; only their SHA-256 is kept.
 */
const ISSUER = 'Bursary';
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;

export const secretContext = (userId: number) => `totp:${userId}`;
const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Typed with or without the dashes, in either case. */
function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** 64 random bits as `xxxx-xxxx-xxxx-xxxx` (hex): easy to copy, far beyond guessing under the throttle. */
function newRecoveryCode(): string {
  return randomBytes(8).toString('hex').match(/.{4}/g)!.join('-');
}

let otpauth: Promise<typeof OtpAuth> | undefined;

/** otpauth is loaded when two-factor sign-in is first used: most servers never use it, and it is 1.5 MB held. */
function loadOtpauth(): Promise<typeof OtpAuth> {
  otpauth ??= import('otpauth').catch((error: unknown) => {
    otpauth = undefined;
    throw error;
  });
  return otpauth;
}

async function totpOf(base32: string, username: string): Promise<OtpAuth.TOTP> {
  const { Secret, TOTP } = await loadOtpauth();
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32),
  });
}

export class SecondFactor {
  readonly #db: Kysely<Database>;
  readonly #box: SecretBox;
  readonly #now: Clock;

  constructor(db: Kysely<Database>, box: SecretBox, now: Clock) {
    this.#db = db;
    this.#box = box;
    this.#now = now;
  }

  /** A new secret, kept sealed and pending until a code from it is confirmed; a pending one is replaced. */
  async begin(user: { id: number; username: string }): Promise<{ secret: string; uri: string }> {
    const row = await this.#row(user.id);
    if (Number(row.totp_enabled))
      throw new ConflictError('Two-factor sign-in is already on. Turn it off first to set up a new authenticator.');
    const secret = new (await loadOtpauth()).Secret({ size: 20 }).base32;
    await this.#db
      .updateTable('users')
      .set({
        totp_secret: this.#box.seal(secret, secretContext(user.id)),
        totp_last_step: null,
        updated_at: this.#now().toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    return { secret, uri: (await totpOf(secret, user.username)).toString() };
  }

  /**
   * Turns it on when `code` comes from the pending secret; answers the recovery codes, shown this once, or undefined.
   */
  async confirm(user: { id: number; username: string }, code: string): Promise<string[] | undefined> {
    const row = await this.#row(user.id);
    if (Number(row.totp_enabled)) throw new ConflictError('Two-factor sign-in is already on.');
    if (row.totp_secret === null)
      throw new ConflictError(
        'Start the set-up first (POST /api/me/totp): there is no authenticator waiting to be confirmed.',
      );
    if (!(await this.#acceptTotp(user, row.totp_secret, code))) return undefined;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const at = this.#now().toISOString();
    await this.#db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ totp_enabled: 1, updated_at: at }).where('id', '=', user.id).execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codes.map((c) => ({ user_id: user.id, code_hash: hashCode(c), created_at: at })))
        .execute();
    });
    return codes;
  }

  /** A code from the authenticator or an unused recovery code; either is accepted once only. */
  async verify(user: { id: number; username: string }, code: string): Promise<boolean> {
    const row = await this.#row(user.id);
    if (!Number(row.totp_enabled) || row.totp_secret === null) return false;
    if (/^\d{6}$/.test(code.trim())) return this.#acceptTotp(user, row.totp_secret, code.trim());
    const used = await this.#db
      .deleteFrom('recovery_codes')
      .where('user_id', '=', user.id)
      .where('code_hash', '=', hashCode(code))
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1;
  }

  /** Off: the secret and the recovery codes are gone. */
  async turnOff(userId: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ totp_enabled: 0, totp_secret: null, totp_last_step: null, updated_at: this.#now().toISOString() })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    });
  }

  async #row(userId: number) {
    return this.#db
      .selectFrom('users')
      .select(['totp_enabled', 'totp_secret'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /**
   * Right within the drift window and later than the last step accepted; the step is claimed in one conditional update,
   * so two requests cannot both use it.
   */
  async #acceptTotp(user: { id: number; username: string }, sealed: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const totp = await totpOf(this.#box.open(sealed, secretContext(user.id)), user.username);
    const timestamp = this.#now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS });
    if (delta === null) return false;
    const step = totp.counter({ timestamp }) + delta;
    const claimed = await this.#db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }
}
