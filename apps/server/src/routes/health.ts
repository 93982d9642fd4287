import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '@bursary/shared';

/** GET /api/health: 200 once the server is up; migrations ran before it started listening. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (): Promise<HealthResponse> => ({ status: 'ok' }));
};

export default healthRoutes;
