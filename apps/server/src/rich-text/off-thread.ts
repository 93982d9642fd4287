import type { Piscina } from 'piscina';
import { ValidationError } from '../lib/errors.ts';
import { richTextSanitizer } from './sanitize.ts';
import type { SanitizeResult, SanitizeTask } from './sanitize-worker.ts';
import { keepFindings } from './findings.ts';

/**
 * Below this length rich text is cleaned on the event loop: within the bounds it takes a few
 * milliseconds, less than handing it to a thread and back.
 */
const INLINE_MAX_CHARS = 16 * 1024;

let pool: Promise<Piscina> | undefined;

/**
 * One worker thread, started with the first long rich text and stopped
 * after a minute unused: cleaning a full field takes up to ~200 ms, and on the event loop that
 * would hold every other request, /api/health included, for as long.
 */
function sanitizerPool(): Promise<Piscina> {
  pool ??= import('piscina').then(
    ({ Piscina }) =>
      new Piscina({
        filename: new URL('./sanitize-worker.ts', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 60_000,
      }),
  );
  return pool;
}

/**
 * The rich text of `field` cleaned (sanitize.ts), off the event loop when it is long; media under
 * `publicUrl` are accepted and stored relative.
 */
export async function sanitizeRichText(html: string, field: string, publicUrl?: string): Promise<string> {
  if (html.length <= INLINE_MAX_CHARS) return (await richTextSanitizer())(html, field, publicUrl);
  const task: SanitizeTask = { html, publicUrl };
  const result = (await (await sanitizerPool()).run(task)) as SanitizeResult;
  if ('problem' in result) throw new ValidationError([{ path: field, message: result.problem }]);
  keepFindings(result.html, result.findings);
  return result.html;
}
