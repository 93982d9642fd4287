/** A public page or search of a section as sent: its JSON bytes, their tag and the total they are a page of. */
export interface CachedPage {
  body: Buffer;
  total: number;
  etag: string;
}

/** At most this many pages, and this many bytes in all, are kept: memory stays bounded whatever is asked. */
const MAX_PAGES = 256;
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * One section's public pages and searches (`?q=`, `limit`, `offset`), keyed by the section's change counter like
 * the whole list (list-cache.ts): any committed write moves the counter, which drops every page at once. The
 * website asks the same search of many visitors at a time; requests that find a page missing together share one
 * read of the database, so a write does not send them all to the database at once. The least recently asked page
 * goes first when the bounds are reached.
 */
export class PublicPageCache {
  #version: number | undefined;
  #pages = new Map<string, CachedPage>();
  #pending = new Map<string, Promise<CachedPage>>();
  #bytes = 0;

  async current(version: number, key: string, build: () => Promise<CachedPage>): Promise<CachedPage> {
    if (this.#version === undefined || version > this.#version) this.#reset(version);
    // a request that read its version before a newer one was seen answers what it reads, kept by no one
    else if (version < this.#version) return build();
    const page = this.#pages.get(key);
    if (page) {
      // the most recently asked page is the last to go
      this.#pages.delete(key);
      this.#pages.set(key, page);
      return page;
    }
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const built = build()
      .then((made) => {
        // pages read after a newer version was seen are not kept under it
        if (this.#version === version) this.#keep(key, made);
        return made;
      })
      .finally(() => {
        if (this.#pending.get(key) === built) this.#pending.delete(key);
      });
    this.#pending.set(key, built);
    return built;
  }

  #reset(version: number): void {
    this.#version = version;
    this.#pages.clear();
    this.#pending.clear();
    this.#bytes = 0;
  }

  #keep(key: string, page: CachedPage): void {
    if (page.body.length > MAX_BYTES / 4) return;
    this.#pages.set(key, page);
    this.#bytes += page.body.length;
    for (const [oldest, old] of this.#pages) {
      if (this.#pages.size <= MAX_PAGES && this.#bytes <= MAX_BYTES) break;
      this.#pages.delete(oldest);
      this.#bytes -= old.body.length;
    }
  }
}
