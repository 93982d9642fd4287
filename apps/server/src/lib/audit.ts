import type { Kysely } from 'kysely';
import type { LogAction } from '@bursary/shared';
import type { Database } from '../db/types.ts';

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

/** `FAQ "How do I apply?" updated`; a thing without a name is named by its id. */
export function summary(kind: string, name: unknown, action: LogAction, id: number): string {
  const text = typeof name === 'string' || typeof name === 'number' ? String(name).replace(/\s+/g, ' ').trim() : '';
  if (!text) return `${kind} #${id} ${PAST[action]}`;
  const shown = text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
  return `${kind} "${shown}" ${PAST[action]}`;
}

/** Appends one audit row; callers pass their transaction so the row lands with the change or not at all. */
export async function appendLog(db: Kysely<Database>, event: LogEvent, now: string): Promise<void> {
  await db.insertInto('logs').values({
    action: event.action, content: event.content, section: event.section, record_id: event.recordId,
    username: event.username, created_at: now, updated_at: now,
  }).execute();
}
