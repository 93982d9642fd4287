import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { http as nodeHttp } from '../lib/node-http.ts';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Answers a request itself, or hands it on to `fastify`. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse, fastify: RequestHandler) => void;

/** The options Fastify passes a server factory, with its defaults filled in. */
interface ServerFactoryOptions {
  http?: ServerOptions | null;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make, whose requests reach `front` before Fastify. Fastify
 * sets its timeouts only on a server it makes itself, so they are set here as it sets them (keep-alive 72 s by
 * default, where Node's own is 5 s): a client sees the same server either way.
 */
export function serverWithFront(front: FrontHandler): FastifyServerFactory {
  return (fastify, options) => {
    const { http, keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } =
      options as unknown as ServerFactoryOptions;
    const server: Server = nodeHttp.createServer(http ?? {}, (request, response) => front(request, response, fastify));
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
