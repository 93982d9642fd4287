import { pipeline, type Readable } from 'node:stream';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_THRESHOLD, type Encoding, preferredEncoding } from '../lib/content-coding.ts';
import { addVary } from '../lib/reply-headers.ts';

/** Text-like answers: JSON, HTML, CSS, scripts, SVG. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]*\+(?:json|xml))|image\/svg\+xml)/i;

/** Per request, so quick rather than tight; lists that are kept compress harder once (list-cache.ts). */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

/**
 * A body this large is compressed on the thread pool. In line, the answer to a rich-text field filled to its limit
 * (about 2 MB, sent back whole after a write) held the event loop some 15 ms, every other request waiting.
 */
const COMPRESS_OFF_THREAD = 256 * 1024;

const isStream = (payload: unknown): payload is Readable => typeof (payload as Readable | null)?.pipe === 'function';

function encodingFor(request: FastifyRequest, reply: FastifyReply, payload: unknown): Encoding | undefined {
  if (payload === null || payload === undefined || request.method === 'HEAD') return undefined;
  if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return undefined;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return undefined;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return undefined;
  return preferredEncoding(request.headers['accept-encoding']);
}

/**
 * Compresses text answers for clients that accept br or gzip (what @fastify/compress did here):
 * bodies in memory at once, files as they stream. Answers that arrive compressed (the cached
 * lists, the console's files compressed at build time) pass untouched. Written here because @fastify/compress checks every answer against the
 * fetch API's Response, which loads the fetch implementation (about 16 MB of memory) into a
 * server that never uses it. Request bodies are not decompressed: no client sends them compressed.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const encoding = encodingFor(request, reply, payload);
      if (!encoding) {
        done(null, payload);
        return;
      }
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        const size = Buffer.byteLength(payload);
        if (size < COMPRESS_THRESHOLD) {
          done(null, payload);
          return;
        }
        const send = (bytes: Buffer) => {
          addVary(reply, 'Accept-Encoding');
          void reply.header('Content-Encoding', encoding).header('Content-Length', bytes.length);
          done(null, bytes);
        };
        if (size < COMPRESS_OFF_THREAD) {
          send(encoding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload));
          return;
        }
        // compression does not fail on a body in memory; were it to, the body goes as it is
        const compressed = (error: Error | null, bytes: Buffer) => (error ? done(null, payload) : send(bytes));
        if (encoding === 'br') brotliCompress(payload, BROTLI, compressed);
        else gzip(payload, compressed);
        return;
      }
      // a small file stays as it is, like a small body: the console's build keeps no compressed copy of
      // those, and compressing them per request would be the wait its copies are there to spare
      if (!isStream(payload) || Number(reply.getHeader('content-length') ?? Infinity) < COMPRESS_THRESHOLD) {
        done(null, payload);
        return;
      }
      const zip = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
      addVary(reply, 'Accept-Encoding');
      void reply.header('Content-Encoding', encoding).removeHeader('content-length');
      // a failed read ends the answer early; the client sees a cut-off body, never a wrong one
      pipeline(payload, zip, () => {});
      done(null, zip);
    });
  },
  { name: 'bursary-compression' },
);
