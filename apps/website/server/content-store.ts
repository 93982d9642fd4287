import {
  BursaryError,
  BursaryUnreachableError,
  createBursaryClient,
  type BursaryClient,
  type Locale,
  type RecordOf,
} from '@bursary/client';
import {
  SECTIONS,
  PreviewRefusedError,
  UnavailableError,
  type Content,
  type SiteSection,
  type Snapshot,
} from '../src/lib/site.ts';

/** How often Bursary is asked whether anything changed: a published change is on the website within two of these. */
const REFRESH_MS = 1_000;
const START_GRACE_MS = 15_000;

/** What a read of every section in one language answered, with the ETags to ask again with. */
interface Read {
  locales: Locale[];
  content: Map<string, Content>;
  etags: Map<string, string | null>;
}

const keyOf = (section: SiteSection, locale: string) => `${locale} ${section}`;

/** Bursary's refusals that mean "ask later", as against a refusal of what was asked. */
function unreachable(error: unknown): boolean {
  return error instanceof BursaryUnreachableError || (error instanceof BursaryError && error.status >= 500);
}

/**
 * Every public section in every public language, read from Bursary and kept in memory, and read again every second;
 * a section whose ETag is the one before changes nothing. The reads are plain ones (no If-None-Match), which Bursary
 * answers again from memory before its framework and without a log line, so a website asking every second costs it
 * next to nothing. A round that fails anywhere changes nothing: the pages keep showing the last whole read, and a
 * reader never sees half of a change.
 */
export class ContentStore {
  /** Raised on every change of the content: pages rendered before it are out of date. */
  version = 0;
  private current: Read | undefined;
  private timer: NodeJS.Timeout | undefined;
  private searches = new Map<string, RecordOf<'faqs'>[]>();
  private readonly listeners: (() => void)[] = [];

  private readonly client: BursaryClient;
  private readonly bursaryUrl: string;

  constructor(client: BursaryClient, bursaryUrl: string) {
    this.client = client;
    this.bursaryUrl = bursaryUrl;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  snapshot(): Snapshot {
    const read = this.current;
    if (!read) throw new UnavailableError();
    return snapshotOf(read);
  }

  /** Reads what changed since the last round; answers whether anything did. Throws when Bursary cannot be read. */
  async refresh(): Promise<boolean> {
    let next: Read;
    try {
      next = await readAll(this.client, this.current);
    } catch (error) {
      // a language made private between the read of the languages and of its sections: read the languages again
      if (!(error instanceof BursaryError && error.status === 404)) throw error;
      next = await readAll(this.client, this.current);
    }
    const changed =
      !this.current ||
      JSON.stringify(next.locales) !== JSON.stringify(this.current.locales) ||
      [...next.etags].some(([key, etag]) => this.current!.etags.get(key) !== etag) ||
      next.etags.size !== this.current.etags.size;
    if (!changed) return false;
    this.current = next;
    this.version += 1;
    this.searches = new Map();
    for (const listener of this.listeners) listener();
    return true;
  }

  /** Asks again every REFRESH_MS until stopped; a failed round is tried again the same way. */
  start(log: (line: string) => void): void {
    let failing = false;
    // started beside Bursary, the website asks before Bursary listens: only a wait longer than a start is told
    const quietUntil = Date.now() + START_GRACE_MS;
    const round = async () => {
      try {
        await this.refresh();
        if (failing) log(`Bursary answers again at ${this.bursaryUrl}; the website shows its content.`);
        failing = false;
      } catch (error) {
        if (!failing && (this.current || Date.now() > quietUntil)) {
          failing = true;
          const reason = error instanceof Error ? error.message : String(error);
          log(
            this.current
              ? `Bursary could not be read (${reason}); the website keeps serving what it last read.`
              : `Bursary could not be read (${reason}); pages answer 503 until it can.`,
          );
        }
      }
      this.timer = setTimeout(() => void round(), REFRESH_MS);
      this.timer.unref();
    };
    void round();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  async searchFaqs(locale: string, q: string): Promise<RecordOf<'faqs'>[]> {
    const key = `${locale} ${q}`;
    const known = this.searches.get(key);
    if (known) return known;
    const version = this.version;
    try {
      const found = await this.client.list('faqs', { locale, q });
      // a search answered for content older than the pages' is not kept
      if (version === this.version) this.searches.set(key, found);
      return found;
    } catch (error) {
      if (unreachable(error)) throw new UnavailableError();
      throw error;
    }
  }
}

async function readAll(client: BursaryClient, before: Read | undefined): Promise<Read> {
  const locales = (await client.locales()).filter((l) => l.public);
  const content = new Map<string, Content>();
  const etags = new Map<string, string | null>();
  await Promise.all(
    locales.map(async ({ code }) => {
      const sections = {} as Record<SiteSection, unknown[]>;
      await Promise.all(
        SECTIONS.map(async (section) => {
          const key = keyOf(section, code);
          const answer = await client.page(section, { locale: code });
          if (answer.notModified) throw new Error(`Bursary answered 304 to a read of ${section} that asked for none`);
          const known = before?.content.get(code)?.[section];
          // the records already held are kept as they are when nothing changed, so equal reads stay one object
          sections[section] =
            known && answer.etag !== null && before?.etags.get(key) === answer.etag ? known : answer.items;
          etags.set(key, answer.etag);
        }),
      );
      content.set(code, sections as Content);
    }),
  );
  return { locales, content, etags };
}

function snapshotOf(read: Read): Snapshot {
  const defaultLocale = read.locales.find((l) => l.default)?.code ?? read.locales[0]?.code ?? 'en';
  return { locales: read.locales, defaultLocale, content: read.content };
}

/** What the preview page shows: every section in one language with the token, drafts and waiting changes applied. */
export async function readPreview(bursaryUrl: string, token: string, locale: string | undefined): Promise<Snapshot> {
  const client = createBursaryClient({ baseUrl: bursaryUrl, preview: token });
  try {
    const all = await client.locales();
    const publicOnes = all.filter((l) => l.public);
    const asked = locale ? all.find((l) => l.code === locale) : undefined;
    const locales = asked && !asked.public ? [...publicOnes, asked] : publicOnes;
    const defaultLocale = all.find((l) => l.default)?.code ?? 'en';
    const code = asked?.code ?? defaultLocale;
    const sections = {} as Record<SiteSection, unknown[]>;
    await Promise.all(
      SECTIONS.map(async (section) => {
        sections[section] = await client.list(section, { locale: code });
      }),
    );
    return { locales, defaultLocale, content: new Map([[code, sections as Content]]) };
  } catch (error) {
    if (error instanceof BursaryError && (error.status === 401 || error.status === 403))
      throw new PreviewRefusedError();
    if (unreachable(error)) throw new UnavailableError();
    throw error;
  }
}
