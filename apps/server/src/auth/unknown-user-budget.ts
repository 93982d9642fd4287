/**
 * How many sign-ins to usernames that do not exist may hash their dummy password in a window, all
 * addresses together. Past it, a flood of made-up names from rotating addresses would otherwise
 * fill the hashing queue and keep real users out (503).
 *
 * Over budget, the sign-in is answered as for any unknown user (401, same sentence) after waiting
 * about as long as a hash takes, but without hashing: the wait costs neither memory nor a thread.
 * The answer's timing then still says nothing about whether a name exists, except to someone
 * already making the flood, who sees its own requests slow down alike for every name; a known
 * name keeps hashing its real password, so its answer takes the real time, as before.
 */
export class UnknownUserBudget {
  readonly #limit: number;
  readonly #windowMs: number;
  #windowStart = Number.NEGATIVE_INFINITY;
  #used = 0;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** True when one more dummy hash fits in the current window (and counts it). */
  take(at: Date): boolean {
    if (at.getTime() - this.#windowStart >= this.#windowMs) {
      this.#windowStart = at.getTime();
      this.#used = 0;
    }
    if (this.#used >= this.#limit) return false;
    this.#used++;
    return true;
  }
}
