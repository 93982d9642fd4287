import type { Kysely } from 'kysely';
import type { LogAction } from '@bursary/shared';
import type { Database } from '../db/types.ts';

/** Audit rows of account changes go under this section name; only administrators read them. */
export const USERS_LOG_SECTION = 'users';
/** Audit rows of webhook changes (where the server sends requests): only administrators read them too. */
export const WEBHOOKS_LOG_SECTION = 'webhooks';
/** Audit rows of the languages' changes (added, renamed, shown on the website, deleted). */
export const LOCALES_LOG_SECTION = 'locales';
/** The sections of administration rows. */
export const ADMINISTRATION_SECTIONS = [USERS_LOG_SECTION, WEBHOOKS_LOG_SECTION];

export interface LogEvent {
  action: LogAction;
  /** A readable summary, e.g. `FAQ "How do I apply?" updated`. */
  content: string;
  section: string;
  recordId: number | null;
  username: string;
}

const PAST: Record<LogAction, string> = { create: 'created', update: 'updated', delete: 'deleted' };
const MAX_NAME = 80;

/** A record's title as summaries show it: white space collapsed, long ones cut; '' when it has none. */
export function readableTitle(name: unknown): string {
  const text = typeof name === 'string' || typeof name === 'number' ? String(name).replace(/\s+/g, ' ').trim() : '';
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
}

/** `FAQ "How do I apply?"`; a thing without a name is named by its id. */
export function named(kind: string, name: unknown, id: number): string {
  const shown = readableTitle(name);
  return shown ? `${kind} "${shown}"` : `${kind} #${id}`;
}

/** `FAQ "How do I apply?" updated`. */
export const summary = (kind: string, name: unknown, action: LogAction, id: number): string =>
  `${named(kind, name, id)} ${PAST[action]}`;

/** What a publishing step did to a record, as its log row says it. */
export type PublishingStep = 'published' | 'unpublished' | 'changes saved' | 'changes discarded';

/** `FAQ "How do I apply?" published`, `Changes to FAQ "How do I apply?" saved`. */
export function publishingSummary(kind: string, name: unknown, id: number, step: PublishingStep): string {
  if (step === 'changes saved') return `Changes to ${named(kind, name, id)} saved`;
  if (step === 'changes discarded') return `Changes to ${named(kind, name, id)} discarded`;
  return `${named(kind, name, id)} ${step}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `FAQ "How do I apply?" restored to the version of 12 Nov 2026, 14:05` (UTC, as every stored time). */
export function restoredSummary(kind: string, name: unknown, id: number, versionTime: string): string {
  const at = new Date(versionTime);
  const when = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
  return `${named(kind, name, id)} restored to the version of ${when}`;
}

/**
 * Appends a change's audit rows in one statement, each naming the change's revision (none for an
 * account change); callers pass their transaction so the rows land with the change or not at all
 * (revisions/revisions.ts).
 */
export async function appendLogs(
  db: Kysely<Database>,
  events: LogEvent[],
  revisionId: number | null,
  now: string,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('logs')
    .values(
      events.map((event) => ({
        action: event.action,
        content: event.content,
        section: event.section,
        record_id: event.recordId,
        username: event.username,
        created_at: now,
        updated_at: now,
        revision_id: revisionId,
      })),
    )
    .execute();
}
