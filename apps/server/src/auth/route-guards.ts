import type { FastifyInstance } from 'fastify';

/** Route options that check the token before anything else about the request, body parsing included. */
export const requireToken = (app: FastifyInstance) => ({ onRequest: app.authenticate });
