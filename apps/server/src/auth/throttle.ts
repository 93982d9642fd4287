/**
 * Sign-in failure counting (ASVS 2.2.1): at most `maxFailures` failures per username and per
 * client address within a sliding window. The keys are the case-folded, trimmed username and
 * the address Fastify resolved (`request.ip`, which honours X-Forwarded-For only when
 * TRUST_PROXY says so), never the path or any other request field, so neither path spelling,
 * extra body fields nor a forged header reach a fresh counter.
 *
 * The counts live in this process's memory: they reset on restart, and several instances
 * behind a load balancer each allow their own quota. That is accepted for now; a shared
 * store (a table in the database) is the step up when it matters.
 */
export interface ThrottleLimits { maxFailures: number; windowMinutes: number }

/** Keys kept at most; past this, expired ones are swept before a new one is added. */
const SWEEP_THRESHOLD = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: ThrottleLimits;
  private lastSweep = 0;

  constructor(limits: ThrottleLimits) {
    this.limits = limits;
  }

  private get windowMs(): number {
    return this.limits.windowMinutes * 60_000;
  }

  private recent(key: string, now: number): number[] {
    const stamps = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (stamps.length === 0) this.failures.delete(key);
    else this.failures.set(key, stamps);
    return stamps;
  }

  /** Seconds until another attempt is allowed for these keys, or 0 when one is allowed now. */
  retryAfterSeconds(keys: string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const stamps = this.recent(key, now);
      if (stamps.length >= this.limits.maxFailures) {
        // the attempt is free again once enough of the oldest failures leave the window
        const freeing = stamps[stamps.length - this.limits.maxFailures] ?? now;
        wait = Math.max(wait, Math.ceil((freeing + this.windowMs - now) / 1000));
      }
    }
    return wait;
  }

  recordFailure(keys: string[], now: number): void {
    if (this.failures.size >= SWEEP_THRESHOLD && now - this.lastSweep > 60_000) this.sweep(now);
    for (const key of keys) {
      const stamps = this.recent(key, now);
      stamps.push(now);
      // no need to remember more than the limit
      this.failures.set(key, stamps.slice(-this.limits.maxFailures));
    }
  }

  /** A correct password clears its username's count; the address count stays, so one valid account cannot reset it. */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}

export const usernameKey = (username: string) => `user:${username.normalize('NFKC').trim().toLowerCase()}`;
export const addressKey = (ip: string) => `addr:${ip}`;
