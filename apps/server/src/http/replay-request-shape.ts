import type { IncomingHttpHeaders } from 'node:http';
import { preferredEncoding } from '../lib/content-coding.ts';

// Which reads of a section's list may be answered again (list-replay.ts), and which recorded answer each gets.

/**
 * Request headers whose values cannot change the answer to a section's list, accept-encoding aside (it picks the
 * recorded answer) and X-Request-Id (its answer header is made for each request as Fastify makes it). Any other
 * header (Authorization, Cookie, Origin, If-None-Match, Bursary-Preview, Range, a body's Content-Length…) sends the
 * request to Fastify. What a proxy and a website's server-side fetch add is here, or no read behind them would replay.
 */
const PLAIN_HEADERS = new Set([
  'host',
  'connection',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'pragma',
  'referer',
  'dnt',
  'priority',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
  'forwarded',
  'via',
]);

export function asksNothingMore(headers: IncomingHttpHeaders): boolean {
  for (const name in headers) if (!PLAIN_HEADERS.has(name)) return false;
  return true;
}

/** The answers kept per content coding the client is given: none, gzip, br. */
export type Coding = 0 | 1 | 2;

/** Clients send a handful of Accept-Encoding values; each is parsed once, and a flood of odd ones is parsed each time. */
const codings = new Map<string, Coding>();
const MAX_CODINGS = 64;

export function codingOf(header: string | undefined): Coding {
  if (header === undefined) return 0;
  let coding = codings.get(header);
  if (coding === undefined) {
    const encoding = preferredEncoding(header);
    coding = encoding === 'br' ? 2 : encoding === 'gzip' ? 1 : 0;
    if (codings.size < MAX_CODINGS) codings.set(header, coding);
  }
  return coding;
}

/**
 * The website's list in one language: `locale` and nothing else, a code written plainly (no percent-encoding, so the
 * query parser reads it as it stands). Only codes Fastify answered from a kept list are held, at most a few per
 * address, so a flood of made-up codes holds nothing.
 */
const LANGUAGE_QUERY = /^locale=[A-Za-z0-9-]{1,35}$/;
export const MAX_LANGUAGES = 16;

export const isLanguageQuery = (query: string): boolean => LANGUAGE_QUERY.test(query);
