import type { Locale } from '@bursary/shared';
import { LOCALES_COUNTER } from '../db/change-counters.ts';
import type { CounterReader } from '../db/counter-reader.ts';
import type { Db } from '../db/types.ts';
import { listLocales } from './store.ts';

/** The languages as one read saw them: the default's code, every language, and each one's fallback chain. */
export class Languages {
  readonly defaultCode: string;
  readonly list: readonly Locale[];
  /** The languages' change counter when they were read: what an answer in a language is cached and tagged by. */
  readonly version: number;
  readonly #byCode: ReadonlyMap<string, Locale>;

  constructor(defaultCode: string, list: readonly Locale[], version = 0) {
    this.defaultCode = defaultCode;
    this.list = list;
    this.version = version;
    this.#byCode = new Map(list.map((locale) => [locale.code, locale]));
  }

  find(code: string): Locale | undefined {
    return this.#byCode.get(code);
  }

  /** Whether more than the default language exists: with one language, nothing of languages shows anywhere. */
  get several(): boolean {
    return this.list.length > 1;
  }

  /**
   * Where a field of `code` is read from, in order: the language itself, its fallback, the fallback's fallback… and
   * the default language last. A language met twice ends the chain (the routes refuse a cycle; this keeps a read
   * finite whatever is stored). With `publicOnly`, languages the website may not read are passed over.
   */
  chain(code: string, publicOnly: boolean): string[] {
    const chain: string[] = [];
    let next: string | null | undefined = code;
    while (next && next !== this.defaultCode && !chain.includes(next)) {
      const locale = this.#byCode.get(next);
      if (!locale) break;
      if (!publicOnly || locale.public) chain.push(next);
      next = locale.fallback;
    }
    chain.push(this.defaultCode);
    return chain;
  }
}

/**
 * The path from `code` back to itself if its fallback became `fallback` (e.g. [fr, fr-CA, fr]), or undefined when
 * that makes no cycle. Without a fallback a language falls back to the default, which falls back to nothing.
 */
export function fallbackCycle(list: readonly Locale[], code: string, fallback: string | null): string[] | undefined {
  const fallbackOf = new Map(list.map((locale) => [locale.code, locale.fallback]));
  fallbackOf.set(code, fallback);
  const path = [code];
  let next = fallback;
  while (next) {
    path.push(next);
    if (next === code) return path;
    if (path.indexOf(next) !== path.length - 1) return undefined;
    next = fallbackOf.get(next) ?? null;
  }
  return undefined;
}

/** The languages, read once per change of them: a read in a language asks for them without a query while they stand. */
export interface LocaleCatalogue {
  defaultCode: string;
  current: () => Languages | Promise<Languages>;
}

export function localeCatalogue(db: Db, counters: CounterReader, defaultCode: string): LocaleCatalogue {
  let held: { version: number; languages: Languages } | undefined;
  const load = async (version: number) => {
    const languages = new Languages(defaultCode, await listLocales(db, defaultCode), version);
    // read after its version, so never older than the version it is kept under
    if (!held || held.version <= version) held = { version, languages };
    return languages;
  };
  return {
    defaultCode,
    current: () => {
      const version = counters.read(LOCALES_COUNTER);
      if (typeof version === 'number') return held?.version === version ? held.languages : load(version);
      return version.then((v) => (held?.version === v ? held.languages : load(v)));
    },
  };
}
