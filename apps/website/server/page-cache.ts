import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A rendered page kept between changes: its bytes made once in each encoding, and their ETag. */
export interface KeptPage {
  status: number;
  etag: string;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** Below this, compressing costs more than it saves. */
const COMPRESS_FROM = 1024;

export function keepPage(status: number, headers: Headers, body: string): KeptPage {
  const identity = Buffer.from(body);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const big = identity.length >= COMPRESS_FROM;
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'etag' && name !== 'content-encoding') kept.push([name, value]);
  });
  return {
    status,
    etag,
    headers: kept,
    identity,
    // a middle quality: a page is compressed on the first request after each change, where time counts
    br: big ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : undefined,
    gzip: big ? gzipSync(identity, { level: 6 }) : undefined,
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function sendPage(request: IncomingMessage, response: ServerResponse, page: KeptPage): void {
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader('ETag', page.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], page.etag)) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  const [encoding, body] =
    page.br && /\bbr\b/.test(accepted)
      ? ['br', page.br]
      : page.gzip && /\bgzip\b/.test(accepted)
        ? ['gzip', page.gzip]
        : [undefined, page.identity];
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.statusCode = page.status;
  response.end(body);
}

/** The pages kept, newest last; the oldest give way when there are too many (every search is a page of its own). */
export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private readonly max: number;

  constructor(max = 5_000) {
    this.max = max;
  }

  get(key: string): KeptPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, page: KeptPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.max) this.pages.delete(this.pages.keys().next().value!);
  }

  clear(): void {
    this.pages.clear();
  }
}
