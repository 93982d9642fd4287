import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './account-routes.ts';
import { registerTwoFactorRoutes } from './two-factor-routes.ts';
import { registerUserRoutes } from './user-routes.ts';

/**
 * One's own account and the team's administration. Registered after the auth plugin: it checks
 * passwords and codes with the same throttle, clock and second factor as sign-in.
 */
export default async function accountsPlugin(app: FastifyInstance) {
  const { attempts, now, secondFactor } = app.signInChecks;
  registerAccountRoutes(app, { attempts, now });
  registerTwoFactorRoutes(app, { attempts, now, secondFactor });
  registerUserRoutes(app, { now, secondFactor });
}
