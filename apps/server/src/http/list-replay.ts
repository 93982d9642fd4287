import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sections } from '@bursary/shared';
import { LOCALES_COUNTER, sectionCounter } from '../db/change-counters.ts';
import type { CounterReader } from '../db/counter-reader.ts';
import { requestIdOf } from '../lib/logging.ts';
import { keptListVersionOf, languageListVersion, type ListVersion } from '../records/kept-list-answers.ts';
import { captureAnswer } from './answer-capture.ts';
import type { RequestHandler } from './front-server.ts';
import { asksNothingMore, type Coding, codingOf, isLanguageQuery, MAX_LANGUAGES } from './replay-request-shape.ts';

/** An answer as Fastify wrote it, for the version of the list it came from. */
interface Recorded {
  version: ListVersion;
  /** Its headers in Fastify's order; X-Request-Id's value is the recorded request's, replaced on every replay. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** One address's answers, by content coding, and the counters that say whether they are current. */
interface ListAnswers {
  counter: string;
  inLanguage: boolean;
  answers: [Recorded | undefined, Recorded | undefined, Recorded | undefined];
}

const noAnswers = (counter: string, inLanguage: boolean): ListAnswers => ({
  counter,
  inLanguage,
  answers: [undefined, undefined, undefined],
});

interface ListAddress {
  plain: ListAnswers;
  /** The list in a language, by query (`locale=fr`), added once Fastify answered it from its kept list. */
  languages: Map<string, ListAnswers>;
}

/** `/api/faqs` and `/api/faqs/` (the router takes both), each with answers of its own. */
function listAddresses(): Map<string, ListAddress> {
  const addresses = new Map<string, ListAddress>();
  for (const section of sections) {
    const counter = sectionCounter(section);
    for (const url of [`/api/${section.slug}`, `/api/${section.slug}/`])
      addresses.set(url, { plain: noAnswers(counter, false), languages: new Map() });
  }
  return addresses;
}

/** The version the route keys a kept list by, from the same counters: `7`, or `7.2` for a list in a language. */
function versionOf(counters: CounterReader, list: ListAnswers): ListVersion | Promise<ListVersion> {
  const section = counters.read(list.counter);
  if (!list.inLanguage) return section;
  const languages = counters.read(LOCALES_COUNTER);
  if (typeof section === 'number' && typeof languages === 'number') return languageListVersion(section, languages);
  return Promise.all([section, languages]).then(([s, l]) => languageListVersion(s, l));
}

/**
 * The website's reads of a section's list (GET, no query or `?locale=CODE` alone, no header that could change the
 * answer) answered again from the exact answer Fastify gave the same request before — status, headers after every
 * onSend hook, body — while the counters still have the version of the kept list that answer was sent from;
 * everything else, and the first read of each version, goes to Fastify, whose answers are recorded. Fastify's own
 * per-request work (its request and reply objects, routing, hooks, header handling) is most of what such a read
 * costs, when the list itself is already bytes in memory.
 */
export class ListReplay {
  readonly #addresses = listAddresses();
  #counters: CounterReader | undefined;
  #replayed = 0;

  /** How many answers were replayed, for tests: a replayed answer is otherwise the same as Fastify's. */
  get replayed(): number {
    return this.#replayed;
  }

  /** From here on, replays while the counters say the recorded version is current. */
  start(counters: CounterReader): void {
    this.#counters = counters;
  }

  /** No more replays: a closing server answers 503, which Fastify does. */
  stop(): void {
    this.#counters = undefined;
  }

  /** The server's request handler: a replay, or Fastify. */
  readonly answer = (request: IncomingMessage, response: ServerResponse, fastify: RequestHandler): void => {
    const counters = this.#counters;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const address =
      counters && request.method === 'GET' ? this.#addresses.get(mark === -1 ? url : url.slice(0, mark)) : undefined;
    const query = mark === -1 ? undefined : url.slice(mark + 1);
    if (
      counters === undefined ||
      address === undefined ||
      (query !== undefined && !isLanguageQuery(query)) ||
      !asksNothingMore(request.headers)
    ) {
      fastify(request, response);
      return;
    }
    const coding = codingOf(request.headers['accept-encoding']);
    let list = address.plain;
    if (query !== undefined) {
      const held = address.languages.get(query);
      if (held === undefined) {
        // a language is held once Fastify answered it from a kept list, while there is room
        const added = noAnswers(list.counter, true);
        this.#record(request, response, added, coding, fastify, () => {
          if (address.languages.size < MAX_LANGUAGES) address.languages.set(query, added);
        });
        return;
      }
      list = held;
    }
    if (list.answers[coding] === undefined) {
      this.#record(request, response, list, coding, fastify);
      return;
    }
    // the counters the list route reads, as it reads them: on SQLite numbers at once, on PostgreSQL queries
    let version: ListVersion | Promise<ListVersion>;
    try {
      version = versionOf(counters, list);
    } catch {
      // Fastify reads the counters again, and answers a failure as it answers any other (this is no place to throw)
      fastify(request, response);
      return;
    }
    if (typeof version !== 'object') this.#replayIfCurrent(request, response, list, coding, version, fastify);
    else
      version.then(
        (current) => this.#replayIfCurrent(request, response, list, coding, current, fastify),
        () => fastify(request, response),
      );
  };

  #replayIfCurrent(
    request: IncomingMessage,
    response: ServerResponse,
    list: ListAnswers,
    coding: Coding,
    version: ListVersion,
    fastify: RequestHandler,
  ): void {
    const recorded = list.answers[coding];
    if (this.#counters === undefined || recorded?.version !== version) {
      this.#record(request, response, list, coding, fastify);
      return;
    }
    // the recorded headers keep their order: X-Request-Id is replaced where it stands
    response.writeHead(200, { ...recorded.headers, 'x-request-id': requestIdOf(request) });
    response.end(recorded.body);
    this.#replayed++;
  }

  /** Hands the request to Fastify, and keeps its answer when Fastify sent it from a kept list. */
  #record(
    request: IncomingMessage,
    response: ServerResponse,
    list: ListAnswers,
    coding: Coding,
    fastify: RequestHandler,
    kept?: () => void,
  ): void {
    captureAnswer(response, (headers, body) => {
      const version = keptListVersionOf(response);
      if (version === undefined || headers['x-request-id'] === undefined) return;
      list.answers[coding] = { version, headers, body };
      kept?.();
    });
    fastify(request, response);
  }
}
