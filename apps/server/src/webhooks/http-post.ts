import { http, https } from '../lib/node-http.ts';
import { pinnedLookup, type ResolvedAddress } from '../lib/outbound-addresses.ts';

/** Of an answer, this much is read and kept; the rest is never read. */
const RESPONSE_LIMIT = 4096;

export interface PostOutcome {
  status: number | null;
  /** The first RESPONSE_LIMIT bytes of the answer's body, as text. */
  response: string | null;
  durationMs: number;
  /** Why no answer came (refused, timed out, reset), in a sentence. */
  error: string | null;
}

/**
 * Connections kept open between attempts: a burst of events to one endpoint is not a TCP (and TLS) handshake each.
 * A kept connection goes to an address that was checked when it was opened, and idle ones do not keep the process up.
 * Idle ones are closed after IDLE_MS, before the usual 5 s a server keeps an idle connection, so an attempt seldom
 * meets one the other end has just closed.
 */
const IDLE_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32, timeout: IDLE_MS }),
};

/** Text a PostgreSQL text column takes: no NUL character. */
const storable = (bytes: Buffer) => bytes.toString('utf8').replaceAll('\u0000', '\uFFFD');

/**
 * POSTs `body` to `url`, connecting to `target` only. Redirects are not followed (a 3xx is just its status);
 * after `timeoutMs` the attempt is abandoned; at most RESPONSE_LIMIT bytes of the answer are read.
 */
export function postOnce(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    /** `drop`: the connection is left mid-answer (time limit, error, enough read) and cannot be used again. */
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>, drop = true) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (drop) request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
        lookup: pinnedLookup(target),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (drop: boolean) =>
          finish({ status: answer.statusCode ?? null, response: storable(Buffer.concat(chunks)), error: null }, drop);
        answer.on('data', (chunk: Buffer) => {
          const room = RESPONSE_LIMIT - size;
          chunks.push(chunk.subarray(0, room));
          size += Math.min(room, chunk.length);
          if (size >= RESPONSE_LIMIT) done(true);
        });
        // read to its end, the connection goes back to the agent for the next attempt
        answer.on('end', () => done(false));
        answer.on('error', () => done(true));
        answer.on('close', () => done(true));
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, response: null, error: `No answer within ${timeoutMs / 1000} s.` }),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, response: null, error: `The request failed: ${error.code ?? error.message}.` }),
    );
    request.end(body);
  });
}
