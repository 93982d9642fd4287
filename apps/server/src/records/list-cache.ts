import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from '../lib/content-coding.ts';
import type { ListVersion } from './kept-list-answers.ts';

/** A section's whole list as sent: its JSON bytes, made once per version, and compressed on first ask. */
export interface CachedList {
  version: ListVersion;
  etag: string;
  total: number;
  body: Buffer;
  encoded: (encoding: Encoding) => Buffer;
}

export interface BuiltList {
  body: Buffer;
  total: number;
  etag: string;
}

/** Lists beyond this are answered but not kept: memory stays bounded whatever a section holds. */
const MAX_CACHED_BYTES = 4 * 1024 * 1024;

/** A strong tag of the exact bytes: equal lists give equal tags, whatever process or database made them. */
export const contentTag = (body: Buffer): string =>
  `"l-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** A strong tag of a page's bytes and the total it is a page of. */
export const pageTag = (body: Buffer, total: number): string =>
  `"p-${createHash('sha256').update(`${total}\n`).update(body).digest('base64url').slice(0, 27)}"`;

function compressed(body: Buffer): CachedList['encoded'] {
  const done = new Map<Encoding, Buffer>();
  return (encoding) => {
    let bytes = done.get(encoding);
    if (!bytes) {
      // made once per version, so a better ratio than per-request compression can afford
      bytes =
        encoding === 'br'
          ? brotliCompressSync(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : gzipSync(body, { level: 9 });
      done.set(encoding, bytes);
    }
    return bytes;
  };
}

/**
 * One section's list, keyed by the section's change counter: any committed write moves the counter
 * (database triggers), so an entry is used only while it is current. Requests that find it stale
 * together share one rebuild.
 */
export class SectionListCache {
  #entry: CachedList | undefined;
  #pending: { version: ListVersion; built: Promise<CachedList> } | undefined;

  /** The entry when it is of this version: a current list is answered without waiting on anything. */
  peek(version: ListVersion): CachedList | undefined {
    return this.#entry?.version === version ? this.#entry : undefined;
  }

  async current(version: ListVersion, build: () => Promise<BuiltList>): Promise<CachedList> {
    if (this.#entry?.version === version) return this.#entry;
    if (this.#pending?.version === version) return this.#pending.built;
    const built = build()
      .then(({ body, total, etag }) => {
        const entry: CachedList = { version, etag, total, body, encoded: compressed(body) };
        // a slow rebuild may land after a newer one: its bytes were read after its version, so they are
        // never older than it, and the next request sees the version differ and rebuilds
        if (body.length <= MAX_CACHED_BYTES) this.#entry = entry;
        return entry;
      })
      .finally(() => {
        if (this.#pending?.built === built) this.#pending = undefined;
      });
    this.#pending = { version, built };
    return built;
  }
}

/** A section's lists in each language a website reads, cached as its list in the default language is. */
export class ListCachesByLanguage {
  readonly #caches = new Map<string, SectionListCache>();

  of(code: string): SectionListCache {
    let cache = this.#caches.get(code);
    if (!cache) {
      cache = new SectionListCache();
      this.#caches.set(code, cache);
    }
    return cache;
  }
}
