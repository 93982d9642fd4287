import { describe, expect, it } from 'vitest';
import { type CachedPage, PublicPageCache } from '../../src/records/page-cache.ts';

const pageOf = (text: string, size = text.length): CachedPage => ({
  body: Buffer.from(text.padEnd(size, '.')),
  total: 1,
  etag: `"${text}"`,
});

describe('the public pages kept per section version', () => {
  it('reads a page once for every request that asks it at once, and keeps it while the version stands', async () => {
    const cache = new PublicPageCache();
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return pageOf('a');
    };
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.current(1, 'q=a', read)));
    expect(new Set(pages).size).toBe(1);
    expect(reads).toBe(1);
    await cache.current(1, 'q=a', read);
    expect(reads).toBe(1);
  });

  it('drops every page when the version moves on, and keeps nothing read under an older version', async () => {
    const cache = new PublicPageCache();
    await cache.current(1, 'q=a', async () => pageOf('old'));
    expect((await cache.current(2, 'q=a', async () => pageOf('new'))).etag).toBe('"new"');
    // a request that read version 1 before version 2 was seen is answered, but its page is not kept
    expect((await cache.current(1, 'q=a', async () => pageOf('older'))).etag).toBe('"older"');
    expect((await cache.current(2, 'q=a', async () => pageOf('other'))).etag).toBe('"new"');
  });

  it('does not keep a page whose read began before the version moved on', async () => {
    const cache = new PublicPageCache();
    let finish: (page: CachedPage) => void = () => {};
    const slow = cache.current(1, 'q=a', () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    await cache.current(2, 'q=b', async () => pageOf('b'));
    finish(pageOf('slow'));
    expect((await slow).etag).toBe('"slow"');
    expect((await cache.current(2, 'q=a', async () => pageOf('fresh'))).etag).toBe('"fresh"');
  });

  it('stays within its bounds, the least recently asked page going first; a failed read is not kept', async () => {
    const cache = new PublicPageCache();
    for (let n = 0; n < 300; n++) await cache.current(1, `q=${n}`, async () => pageOf(String(n)));
    // 256 pages at most: the first ones asked went
    expect((await cache.current(1, 'q=0', async () => pageOf('again'))).etag).toBe('"again"');
    expect((await cache.current(1, 'q=299', async () => pageOf('again'))).etag).toBe('"299"');
    // a page too large to keep is answered every time
    const large = 3 * 1024 * 1024;
    expect((await cache.current(1, 'big', async () => pageOf('big', large))).etag).toBe('"big"');
    expect((await cache.current(1, 'big', async () => pageOf('big2', large))).etag).toBe('"big2"');
    // pages of 1 MB: at most 8 MB in all, so the ninth sends the first away
    for (let n = 0; n < 9; n++) await cache.current(1, `mb=${n}`, async () => pageOf(`mb${n}`, 1024 * 1024));
    expect((await cache.current(1, 'mb=0', async () => pageOf('reread'))).etag).toBe('"reread"');
    await expect(cache.current(1, 'fails', () => Promise.reject(new Error('database gone')))).rejects.toThrow();
    expect((await cache.current(1, 'fails', async () => pageOf('works'))).etag).toBe('"works"');
  });
});
