import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse, MfaRequiredResponse } from '@bursary/shared';
import type { TwoFactorRequirement } from '../config/config.ts';
import type { Db } from '../db/types.ts';
import { AuthError } from './errors.ts';
import { challengedUserId, closeChallenge, openChallenge } from './mfa-challenges.ts';
import type { SecondFactor } from './second-factor.ts';
import { deleteExpiredSessions, openSession, type SessionLimits } from './sessions.ts';
import { type SignInAttempts, addressKey, codeKey } from './throttle.ts';
import { DEVICE_COOKIE, type DeviceTokens, deviceCookie, readCookie } from './device-tokens.ts';
import { findUserById, publicUser, type UserRow } from './users.ts';

const CHALLENGE_ENDED = 'This sign-in has expired. Please sign in again.';
const WRONG_CODE = 'The code is not correct';

export interface SignInOptions {
  db: Db;
  limits: SessionLimits;
  attempts: SignInAttempts;
  devices: DeviceTokens;
  secondFactor: SecondFactor;
  require2fa: TwoFactorRequirement;
}

/** What a proof of identity has established, and what only it knows about its refusal and its counts. */
export interface Proof {
  /** Whom the proof names. */
  user: UserRow;
  at: Date;
  /** The error a disabled user gets: each proof words its own refusal, and counts it or not on its throttle. */
  refuse: () => Error;
  /** The throttle keys a success clears: only the proof knows which keys it counted on. */
  clears: string[];
}

export type SignInAnswer = LoginResponse | MfaRequiredResponse;

export const deviceCookieOf = (request: FastifyRequest) => readCookie(request.headers.cookie, DEVICE_COOKIE);

/**
 * The one path every proof of identity ends in (the password today; an OpenID callback or a set-password link
 * next): the checks no proof may skip, the second factor where the user has one, and then the session, the
 * device cookie and the sign-in's date on the user, the same whatever the proof was.
 */
export class SignIn {
  readonly #options: SignInOptions;

  constructor(options: SignInOptions) {
    this.#options = options;
  }

  /** The user proved who they are: refused when disabled; asked for their code when they have a second factor. */
  async proven(proof: Proof, request: FastifyRequest, reply: FastifyReply): Promise<SignInAnswer> {
    const { user, at } = proof;
    if (Number(user.disabled) !== 0) throw proof.refuse();
    if (proof.clears.length > 0) await this.#options.attempts.clear(proof.clears);
    if (Number(user.totp_enabled)) {
      // no session yet: the code is the second step, on POST /api/login/totp
      return {
        mfa_required: true,
        mfa_token: await openChallenge(this.#options.db, user.id, at),
        message: 'Enter the code from your authenticator app, or a recovery code.',
      };
    }
    return this.#open(user, at, request, reply);
  }

  /** The second step, whatever the first was: the code for the challenge `proven` opened. */
  async withCode(mfaToken: string, code: string, at: Date, request: FastifyRequest, reply: FastifyReply) {
    const { db, attempts, secondFactor } = this.#options;
    const userId = await challengedUserId(db, mfaToken, at);
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    // codes are counted like passwords, per address and per user, before they are checked
    return attempts.guard([addressKey(request.ip), ...(user ? [codeKey(user.username)] : [])], at, async (fail) => {
      if (!user || Number(user.disabled) !== 0) throw fail(new AuthError(401, CHALLENGE_ENDED));
      if (!(await secondFactor.verify(user, code)))
        throw fail(new AuthError(401, WRONG_CODE, { fields: [{ path: 'code', message: WRONG_CODE }] }));
      await attempts.clear([codeKey(user.username)]);
      // the right code twice at once opens one session: the other finds the challenge ended
      if (!(await closeChallenge(db, mfaToken, at))) throw new AuthError(401, CHALLENGE_ENDED);
      return this.#open(user, at, request, reply);
    });
  }

  /** The session, named by the browser that asked for it; a browser not yet a known device of the user becomes one. */
  async #open(user: UserRow, at: Date, request: FastifyRequest, reply: FastifyReply): Promise<LoginResponse> {
    const { db, limits, devices, require2fa } = this.#options;
    await deleteExpiredSessions(db, limits, at);
    const cookie = deviceCookieOf(request);
    if (await devices.recognise(cookie, user.id, at)) await devices.touch(cookie, at);
    else reply.header('set-cookie', deviceCookie(await devices.issue(user.id, at), request.protocol === 'https'));
    const token = await openSession(db, user.id, limits, at, request.headers['user-agent']);
    await db.updateTable('users').set({ last_login_at: at.toISOString() }).where('id', '=', user.id).execute();
    return { token, user: publicUser(user, require2fa), message: 'Login successful' };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way to sign someone in, for every route that proves who they are (auth/sign-in.ts). */
    signIn: SignIn;
  }
}
