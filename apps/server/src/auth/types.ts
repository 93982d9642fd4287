import type { onRequestAsyncHookHandler } from 'fastify';

/** The signed-in user as handlers see it; never carries the password hash. */
export interface AuthUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
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
  }
}
