import {
  checkedAddress,
  pinnedLookup,
  RefusedAddressError,
  type ResolvedAddress,
  type Resolver,
} from '../lib/outbound-addresses.ts';
import { http, https } from '../lib/node-http.ts';

/** What one check of an address found: reachable or not, with the status or the reason. */
export interface LinkOutcome {
  ok: boolean;
  /** Not checked: the address (or a hop) is one the checker may not reach; it counts neither way. */
  skipped?: boolean;
  status: number | null;
  error: string | null;
}

export interface LinkRequestOptions {
  resolve: Resolver;
  /** Loopback and private addresses may be checked (tests only: a website's public links are public). */
  allowPrivate: boolean;
  timeoutMs: number;
}

/** Redirects followed, each hop's address checked; a chain longer than this is reported as broken. */
const MAX_REDIRECTS = 5;
/** Answers that say "not this method" rather than "not here": the check asks again with GET. */
const HEAD_REFUSED = new Set([400, 403, 405, 501]);

interface Answer {
  status: number;
  location: string | undefined;
}

/** One request to the checked address, the body never read: the status and Location are all a check needs. */
function ask(url: URL, target: ResolvedAddress, method: 'HEAD' | 'GET', timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method,
        agent: false,
        lookup: pinnedLookup(target),
        headers: { 'user-agent': 'Bursary-LinkCheck', accept: '*/*' },
      },
      (answer) => {
        clearTimeout(timer);
        resolve({ status: answer.statusCode ?? 0, location: answer.headers.location });
        request.destroy();
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(error.code ?? error.message));
    });
    request.end();
  });
}

const failed = (error: string, status: number | null = null): LinkOutcome => ({ ok: false, status, error });

/**
 * Checks that an address answers: HEAD first, GET when HEAD is refused; redirects followed up to MAX_REDIRECTS, each
 * hop's host resolved and checked like a webhook's (no private or reserved address, the connection pinned to the
 * address checked). Reachable means a 2xx at the end of the chain.
 */
export async function checkLink(address: string, options: LinkRequestOptions): Promise<LinkOutcome> {
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed(`it redirects to ${url.protocol} address`);
    let target: ResolvedAddress;
    try {
      target = await checkedAddress(url, options.allowPrivate, options.resolve);
    } catch (error) {
      if (error instanceof RefusedAddressError && /refused/.test(error.message))
        return { ok: false, skipped: true, status: null, error: null };
      return failed('its host could not be found');
    }
    let answer: Answer;
    try {
      answer = await ask(url, target, 'HEAD', options.timeoutMs);
      if (HEAD_REFUSED.has(answer.status)) answer = await ask(url, target, 'GET', options.timeoutMs);
    } catch (error) {
      return failed(`the request failed (${error instanceof Error ? error.message : 'no answer'})`);
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      try {
        url = new URL(answer.location, url);
      } catch {
        return failed('it redirects to an address that is not valid', answer.status);
      }
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status, error: null };
    return failed(`it answered ${answer.status}`, answer.status);
  }
  return failed(`it redirects more than ${MAX_REDIRECTS} times`);
}
