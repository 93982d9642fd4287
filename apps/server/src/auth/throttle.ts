import { isIPv6 } from 'node:net';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { throttled } from './errors.ts';

/**
 * Sign-in failure counting (ASVS 2.2.1): at most `maxFailures` per username, and per username from
 * one client address, in a window; at most `addressMaxFailures` (higher) from one address over all
 * usernames, so one person's typos, or one guesser, behind an office's shared address do not lock
 * out everyone else there. The keys are the case-folded, trimmed username and the address Fastify
 * resolved (`request.ip`, which honours X-Forwarded-For only as TRUST_PROXY says), never the path
 * or any other request field, so neither path spelling, extra body fields nor a forged header
 * reach a fresh counter.
 *
 * The counts live in the database (`login_attempts`), so they hold across instances and
 * restarts, and an attempt is counted before its password is hashed, in the one statement that
 * also reads the count, so a burst of simultaneous guesses cannot all pass the check
 * (docs/decisions/009-sign-in-throttle-in-the-database.md).
 */
export interface ThrottleLimits {
  maxFailures: number;
  /** Failures from one address over every username. */
  addressMaxFailures: number;
  windowMinutes: number;
}

type Db = Kysely<Database>;

/**
 * Marks the attempt as a wrong secret (so it keeps its count) and hands back the error to throw:
 * `throw fail(new AuthError(…))`. Whatever else ends the check (a success, a malformed or refused
 * request, a full hashing queue) gives the attempt back.
 */
export type Fail = (error: Error) => Error;
interface Held {
  key: string;
  windowStart: string;
}

/** Windows that have passed are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/** Gives one attempt back to each key's window, unless that window has since been replaced. */
async function giveBack(db: Db, held: Held[]): Promise<void> {
  for (const { key, windowStart } of held) {
    await db
      .updateTable('login_attempts')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  }
}

/** The attempts one request holds while its password is checked: a failure keeps them. */
export class Reservation {
  readonly #db: Db;
  readonly #held: Held[];

  constructor(db: Db, held: Held[]) {
    this.#db = db;
    this.#held = held;
  }

  /** Not a failure after all (a correct password, a malformed or refused request): the count goes back. */
  release(): Promise<void> {
    return giveBack(this.#db, this.#held.splice(0));
  }
}

export class SignInAttempts {
  readonly #db: Db;
  readonly #limits: ThrottleLimits;
  #lastSweep = 0;

  constructor(db: Db, limits: ThrottleLimits) {
    this.#db = db;
    this.#limits = limits;
  }

  get #windowMs(): number {
    return this.#limits.windowMinutes * 60_000;
  }

  /**
   * Counts one attempt on every key, atomically per key, before any password is hashed. When a
   * key has gone past the limit the attempt is given back and refused with 429 and Retry-After.
   */
  async reserve(keys: string[], at: Date): Promise<Reservation> {
    await this.#sweepNowAndThen(at);
    const held: Held[] = [];
    let wait = 0;
    for (const key of keys) {
      const { count, window_start: windowStart } = await this.#take(key, at);
      held.push({ key, windowStart });
      if (count > this.#limitOf(key)) {
        wait = Math.max(wait, Math.ceil((Date.parse(windowStart) + this.#windowMs - at.getTime()) / 1000), 1);
      }
    }
    const reservation = new Reservation(this.#db, held);
    if (wait > 0) {
      // a refused attempt is not evaluated, so it does not count: the lock ends with the window
      await reservation.release();
      throw throttled(wait);
    }
    return reservation;
  }

  /**
   * Every check of a secret (a password, a code) goes through here: the attempt is counted on
   * every key before `check` runs, kept when `check` calls `fail`, and given back otherwise, so
   * no route can hand out an uncounted guess by forgetting to mark its failure.
   */
  async guard<T>(keys: string[], at: Date, check: (fail: Fail) => Promise<T>): Promise<T> {
    const reservation = await this.reserve(keys, at);
    let failed = false;
    const fail: Fail = (error) => {
      failed = true;
      return error;
    };
    try {
      return await check(fail);
    } finally {
      if (!failed) await reservation.release();
    }
  }

  /**
   * A correct password clears its username's counts (overall and from this address); the address's
   * total stays, so one valid account cannot reset it.
   */
  async clear(keys: string[]): Promise<void> {
    await this.#db.deleteFrom('login_attempts').where('key', 'in', keys).execute();
  }

  #limitOf(key: string): number {
    return key.startsWith(ADDRESS_PREFIX) ? this.#limits.addressMaxFailures : this.#limits.maxFailures;
  }

  /** One more attempt in the key's window, or the first of a new window once the old one has passed. */
  #take(key: string, at: Date): Promise<{ count: number; window_start: string }> {
    const now = at.toISOString();
    const passed = sql<boolean>`login_attempts.window_start <= ${new Date(at.getTime() - this.#windowMs).toISOString()}`;
    return this.#db
      .insertInto('login_attempts')
      .values({ key, window_start: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${passed} then 1 else login_attempts.count + 1 end`,
          window_start: sql<string>`case when ${passed} then ${now} else login_attempts.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
  }

  async #sweepNowAndThen(at: Date): Promise<void> {
    if (at.getTime() - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = at.getTime();
    await this.#db
      .deleteFrom('login_attempts')
      .where('window_start', '<=', new Date(at.getTime() - this.#windowMs).toISOString())
      .execute();
  }
}

const folded = (username: string) => username.normalize('NFKC').trim().toLowerCase();
const usernameKey = (username: string) => `user:${folded(username)}`;
/** Second-factor codes have their own count per user, so a right password does not reset it. */
export const codeKey = (username: string) => `code:${folded(username)}`;
/**
 * IPv4 addresses are counted one by one; IPv6 addresses per /64, the block a single subscriber is
 * handed (each of its 2^64 addresses would otherwise be a fresh counter). An IPv4-mapped IPv6
 * address counts as its IPv4 address.
 */
const ADDRESS_PREFIX = 'addr:';
const addressOf = (ip: string) => (isIPv6(ip) ? ipv6Block(ip) : ip);
export const addressKey = (ip: string) => `${ADDRESS_PREFIX}${addressOf(ip)}`;

/** One username's failures from one address: counted to the username's limit, not the address's. */
const addressUserKey = (ip: string, username: string) => `addr-user:${addressOf(ip)}/${folded(username)}`;

/** The keys a password check counts on: the address's total, the username from that address, and the username. */
export const passwordKeys = (ip: string, username: string) => [
  addressKey(ip),
  addressUserKey(ip, username),
  usernameKey(username),
];

/** What a correct password clears: the username's counts, not the address's total. */
export const passwordKeysToClear = (ip: string, username: string) => [
  addressUserKey(ip, username),
  usernameKey(username),
];

function ipv6Block(ip: string): string {
  const address = ip.split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  // an embedded IPv4 tail fills the last two groups
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = address.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
