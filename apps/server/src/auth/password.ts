import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { isCommonPassword } from './common-passwords.ts';
import { DEFAULT_HASH_CONCURRENCY } from '../config/config.ts';
import { HashGate, type HashLane } from './hash-gate.ts';

/**
 * Salted scrypt (ASVS 2.4.1). The stored form carries its own parameters, so the cost can be
 * raised later without breaking existing hashes:  scrypt$N$r$p$salt$hash  (salt, hash base64url).
 * N = 2^17, r = 8, p = 1 is OWASP's recommended minimum: about 128 MiB and a few hundred ms.
 */
const DEFAULT_PARAMS = { N: 2 ** 17, r: 8, p: 1 };
/**
 * The test suites build hundreds of apps, each hashing the first user's password and signing in: at the real
 * cost that was two 128 MiB hashes of up to 3 s each per app on a busy CI machine. Their own tests of the cost
 * and of the hashing queue turn it back up. Honoured only inside the test runner (Vitest sets VITEST in its
 * workers), so a stray variable on a server cannot weaken the stored hashes.
 */
const TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 };
let cheapForTests = false;
const hashParams = () =>
  cheapForTests || (process.env.VITEST && process.env.BURSARY_CHEAP_TEST_HASHES === 'true')
    ? TEST_PARAMS
    : DEFAULT_PARAMS;

/**
 * The browser suite's server calls this from a module it preloads (`node --import`): its tests create, sign in and
 * re-password users through the console, a dozen 128 MiB hashes in one test, which on a busy 2-core machine outlast
 * the test's time limit. A call from code, never a variable, so no setting of a real server can weaken its hashes.
 */
export function useCheapHashesForTests(): void {
  cheapForTests = true;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Hashes waiting per hash allowed to run: a short queue, drained within a second or two. */
const QUEUE_PER_SLOT = 4;

/** One per process: the thread pool and the memory the hashes share are the process's. */
let gate = new HashGate(DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_CONCURRENCY * QUEUE_PER_SLOT);

/** HASH_CONCURRENCY: how many hashes may run at once; four times that many may wait. */
export function limitHashing(concurrency: number): void {
  gate = new HashGate(concurrency, concurrency * QUEUE_PER_SLOT);
}

/** About how long one hash takes on this machine (a moving average of the last ones, queue waits left out). */
let typicalMs = 300;
/** For an answer that skips the hash but must not come sooner than one that hashes. */
export const typicalHashMs = () => Math.round(typicalMs);

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  lane?: HashLane,
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave room above it for the bookkeeping node adds.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return gate.run(
    () =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => {
          if (error) return reject(error);
          typicalMs = 0.8 * typicalMs + 0.2 * (performance.now() - started);
          resolve(key);
        });
      }),
    lane,
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = hashParams();
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(Math.log2(N)) || N > 2 ** 20 || r > 32 || p > 16) return undefined;
  return { N, r, p, salt: Buffer.from(parts[4] ?? '', 'base64url'), key: Buffer.from(parts[5] ?? '', 'base64url') };
}

/** A hash of a random password, checked when the username is unknown so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    const making = hashPassword(randomBytes(18).toString('base64url'));
    // refused while the queue was full: the next unknown-user sign-in makes it again
    making.catch(() => {
      if (dummyHash === making) dummyHash = undefined;
    });
    dummyHash = making;
  }
  return dummyHash;
}

/** True when the password matches; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string, lane?: HashLane): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) {
    // still do the work, so a broken row does not answer faster than a real one
    await derive(password, randomBytes(SALT_BYTES), hashParams(), lane);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed, lane);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Why a new password is refused (ASVS 2.1.1, 2.1.2, 2.1.7), or undefined when it is acceptable. */
export function newPasswordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The new password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `The new password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (isCommonPassword(password)) return 'This password is too common; choose another one';
  return undefined;
}
