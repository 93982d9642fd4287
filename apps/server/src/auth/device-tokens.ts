import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types.ts';
import { TokenStore, sinceLastUse } from './token-store.ts';

/**
 * Device cookies (the OWASP authentication guidance's answer to account lock-out): a browser that
 * has signed in as a user keeps a token saying so, and its later sign-ins as that user are counted
 * on a key of its own. Someone spending the username's failures elsewhere then cannot lock out the
 * owner's known browsers, while unknown browsers keep the username's and the address's limits.
 *
 * The cookie holds `v1.{user id}.{random token}.{HMAC of both}`: the HMAC (under a key only the
 * server holds) lets a forged or altered cookie be dropped before the database is asked, and the
 * stored hash of the random part lets a device be forgotten (its user deleted, unused for a year).
 */
export const DEVICE_COOKIE = 'bursary_device';
const DEVICE_DAYS = 365;
const DAY_MS = 86_400_000;
const FORMAT = 'v1';
const COOKIE_PATTERN = /^v1\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

type Sign = (data: string) => Buffer;

/** The value of cookie `name` in a Cookie header, if it is there once or more (the first wins). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie value: HttpOnly so no script reads it, SameSite=Strict so no other site's page
 * sends it, sent only to the API, and Secure whenever the request came over HTTPS.
 */
export function deviceCookie(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** A browser stays known this long after its last sign-in, and is forgotten after. */
const devices = new TokenStore('throttle_devices', sinceLastUse(DEVICE_DAYS * DAY_MS));

export class DeviceTokens {
  readonly #db: Db;
  readonly #sign: Sign;

  constructor(db: Db, sign: Sign) {
    this.#db = db;
    this.#sign = sign;
  }

  #mac(userId: number, token: string): Buffer {
    return this.#sign(`device ${FORMAT}:${userId}:${token}`);
  }

  /** A new device token for the user, stored as a hash: the cookie's value. */
  async issue(userId: number, at: Date): Promise<string> {
    await devices.deleteExpired(this.#db, at);
    const { token } = await devices.issue(this.#db, { user_id: userId, created_at: at.toISOString() }, at);
    return `${FORMAT}.${userId}.${token}.${this.#mac(userId, token).toString('base64url')}`;
  }

  /**
   * The throttle key of the device the cookie names, when it is a genuine, still-known token of
   * this very user; undefined for anything else (no cookie, a garbled or forged one, another
   * user's), which then counts as an unknown device.
   */
  async recognise(cookie: string | undefined, userId: number, at: Date): Promise<string | undefined> {
    const match = cookie === undefined ? null : COOKIE_PATTERN.exec(cookie);
    if (!match || Number(match[1]) !== userId) return undefined;
    const token = match[2] ?? '';
    const expected = this.#mac(userId, token);
    const given = Buffer.from(match[3] ?? '', 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const row = await devices.find(this.#db, token, at);
    return row && Number(row.user_id) === userId ? deviceKey(row.token_hash) : undefined;
  }

  /** A sign-in from the device succeeded: it stays known for another full lifetime. */
  async touch(cookie: string | undefined, at: Date): Promise<void> {
    const token = cookie === undefined ? undefined : COOKIE_PATTERN.exec(cookie)?.[2];
    if (token !== undefined) await devices.renew(this.#db, token, at);
  }
}

const deviceKey = (tokenHash: string) => `device:${tokenHash}`;
