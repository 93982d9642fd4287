import { createRequire } from 'node:module';
import type * as NodeHttp from 'node:http';

/**
 * node:http for code that makes requests (webhooks, the link check). An ES import of node:http reads
 * every export of the module, and its WebSocket, CloseEvent and MessageEvent are getters that load
 * undici, Node's fetch: some 1.5 MB the server carries from start-up though it never fetches. require()
 * reads only what is used. eslint refuses a value import of node:http elsewhere (a type import is free).
 */
export const http = createRequire(import.meta.url)('node:http') as typeof NodeHttp;
