import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/config.ts';

/** Whatever a client or a proxy sends in these never reaches a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
];

/**
 * Query parameters whose values are credentials: a preview token (`?preview=`), and any token, key, secret,
 * signature, code or password a future address may carry. A logged URL shows the name, never the value.
 */
const SECRET_PARAMETER = /preview|token|key|secret|sig|code|pass|auth/i;

/** `url` with the values of SECRET_PARAMETER parameters replaced; the path and other parameters as they came. */
function urlForLog(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed name is judged as it is spelled
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/** Fastify's request fields in a log line, with the URL's secrets hidden. */
const serializers = {
  req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/** A proxy's request id is kept when it looks like one, so one id follows a request through every log. */
const REQUEST_ID = /^[\w.:-]{1,80}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export interface Logging {
  logger: FastifyServerOptions['logger'];
  /** JSON logs carry one line per request; a terminal sees warnings and errors only. */
  requestLogging: boolean;
}

/**
 * LOG_FORMAT=json (the default when standard output is not a terminal): pino's JSON lines with
 * request ids, for a log collector. LOG_FORMAT=pretty (the default at a terminal): readable lines
 * through pino-pretty, written synchronously (no worker thread), and no line per request.
 */
export async function loggingFor(config: Pick<Config, 'logFormat' | 'logLevel'>): Promise<Logging> {
  const redact = { paths: REDACTED, censor: '[redacted]' };
  if (config.logFormat === 'json')
    return { logger: { level: config.logLevel, redact, serializers }, requestLogging: true };
  // pino-pretty loads only for a person at a terminal
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    sync: true,
    colorize: process.stdout.isTTY,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname',
  });
  return { logger: { level: config.logLevel, redact, serializers, stream }, requestLogging: false };
}
