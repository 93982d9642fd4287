import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@bursary/shared';

/** Answers 304 when the client already holds this version (If-None-Match), else sets the ETag. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('ETag', etag);
  const held = request.headers['if-none-match'];
  if (typeof held !== 'string') return false;
  const matches = held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  if (matches) void reply.status(304);
  return matches;
}

/** The console reads the total from a cross-origin-safe header too. */
export function setTotalCount(reply: FastifyReply, total: number): void {
  void reply
    .header(TOTAL_COUNT_HEADER, String(total))
    .header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ETag`);
}

/** Whether a Vary value names the header already, made once per header name: reads call it on every answer. */
const naming = new Map<string, RegExp>();
function namesHeader(vary: string, header: string): boolean {
  let pattern = naming.get(header);
  if (!pattern) {
    pattern = new RegExp(`(^|,)\\s*(${header}|\\*)\\s*(,|$)`, 'i');
    naming.set(header, pattern);
  }
  return pattern.test(vary);
}

/** Adds a request header to Vary, keeping what other parts of the answer already vary on (Origin, Accept). */
export function addVary(reply: FastifyReply, header: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('Vary', header);
  else if (!namesHeader(String(vary), header)) void reply.header('Vary', `${String(vary)}, ${header}`);
}
