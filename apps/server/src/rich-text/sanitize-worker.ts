import { HttpError } from '../lib/errors.ts';
import { richTextSanitizer } from './sanitize.ts';

/** What the worker answers: the cleaned text, or why it was refused (an error cannot cross threads whole). */
export type SanitizeResult = { html: string } | { problem: string };

/** What the worker is given: the text, and PUBLIC_URL when one is set. */
export interface SanitizeTask {
  html: string;
  publicUrl: string | undefined;
}

const sanitize = await richTextSanitizer();

/** Runs in a worker thread (rich-text-off-thread.ts): bounds check and sanitize-html, off the event loop. */
export default function sanitizeInWorker({ html, publicUrl }: SanitizeTask): SanitizeResult {
  try {
    return { html: sanitize(html, undefined, publicUrl) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return { problem: error.message };
    throw error;
  }
}
