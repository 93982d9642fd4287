import type { onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '@bursary/shared';
import type { Clock } from '../lib/clock.ts';
import type { SecondFactor } from './second-factor.ts';
import type { SignInAttempts } from './throttle.ts';

interface SignInChecks {
  attempts: SignInAttempts;
  now: Clock;
  secondFactor: SecondFactor;
}

/** The signed-in user as handlers see it and as sign-in and GET /api/me answer it; never carries a secret. */
export interface AuthUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  /** Two-factor sign-in is on. */
  two_factor: boolean;
  /** The password is a temporary one: every call but the password change is refused until it is changed. */
  must_change_password: boolean;
  /** REQUIRE_2FA asks this user to turn on two-factor sign-in before anything else. */
  must_set_up_2fa: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` once the bearer token is checked. */
    user?: AuthUser;
    /** Id of the session the token opened, so a password change can keep this one. */
    sessionId?: number;
  }
  interface FastifyInstance {
    /**
     * Hook that answers 401 unless the request carries a live session token. Every route that
     * needs a token runs it as onRequest, so no body is read or parsed for a caller without one.
     */
    authenticate: onRequestAsyncHookHandler;
    /**
     * What the account routes (accounts/) check secrets with: the same throttle, clock and second factor as sign-in.
     */
    signInChecks: SignInChecks;
  }
  interface FastifyContextConfig {
    /**
     * The route is part of finishing an account (the password change, two-factor set-up, who am
     * I, sign out): it stays open while a temporary password or a required second factor is pending.
     */
    accountSetup?: boolean;
  }
}
