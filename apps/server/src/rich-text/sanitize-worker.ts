import { getPriority, setPriority } from 'node:os';
import { HttpError } from '../lib/errors.ts';
import { richTextSanitizer } from './sanitize.ts';
import { parseRichText, type RichTextFindings } from './findings.ts';
import { THREAD_POOL_NICE_INCREMENT } from '../lib/thread-pool-priority.ts';

/**
 * What the worker answers: the cleaned text and what the site-health checks read of it, or why it was refused (an
 * error cannot cross threads whole).
 */
export type SanitizeResult = { html: string; findings: RichTextFindings } | { problem: string };

/** What the worker is given: the text, and PUBLIC_URL when one is set. */
export interface SanitizeTask {
  html: string;
  publicUrl: string | undefined;
}

const sanitize = await richTextSanitizer();

// Below the event loop, as the thread pool is: on a busy machine a long text cleaned here must not take the core the
// event loop needs to answer the others. On Linux a priority set with no process id is this thread's alone
// (elsewhere it would be the whole process's, so it is left as it is).
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + THREAD_POOL_NICE_INCREMENT));
  } catch {
    // a system that refuses: the worker keeps its priority
  }
}

/** Runs in a worker thread (off-thread.ts): bounds check and sanitize-html, off the event loop. */
export default function sanitizeInWorker({ html, publicUrl }: SanitizeTask): SanitizeResult {
  try {
    const clean = sanitize(html, undefined, publicUrl);
    return { html: clean, findings: parseRichText(clean) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { problem: error.message };
    throw error;
  }
}
