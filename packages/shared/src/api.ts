/** Wire contracts between the console and the content API (DESIGN.md 3, SPEC.md 7). */

/** Every error answer. `fields` is present on validation failures (400). */
export interface ErrorBody {
  message: string;
  error: string;
  fields?: { path: string; message: string }[];
}

export interface User {
  id: number;
  username: string;
  name: string;
  email?: string | null;
}

export interface LoginRequest { username: string; password: string }
export interface LoginResponse { token: string; user: User; message: string }

export type LogAction = 'create' | 'update' | 'delete';

export interface LogEntry {
  id: number;
  action: LogAction;
  /** A readable summary, e.g. `FAQ "How do I apply?" updated`. */
  content: string;
  section: string;
  record_id: number | null;
  username: string;
  created_at: string;
  updated_at: string;
  /** The revision the change stored (GET /api/logs/{id} shows what it changed); null for rows older than history. Optional only so clients built before history still type-check. */
  revision_id?: number | null;
}

/** GET /api/logs/{id}: the row and what its change did, against the version before it. */
export interface LogDetail extends LogEntry {
  changes: { field: string; item_id?: number; before: unknown; after: unknown }[];
}

/** GET /api/logs/summary. */
export interface LogSummary { total: number; last_updated_at: string | null }

/** GET /api/logs answers the newest 100 without parameters; X-Total-Count carries the total. */
export const LOGS_DEFAULT_LIMIT = 100;
export const LOGS_MAX_LIMIT = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** A stored record as read: its fields, its sub-items if any, id and timestamps. */
export type SectionRecord = { id: number } & Record<string, unknown>;

/** GET /api/health: `ok` with 200, or `unavailable` with 503 when a check fails. */
export interface HealthResponse {
  status: 'ok' | 'unavailable';
  checks: {
    database: 'ok' | 'unreachable';
    /** `pending`: this server's migrations have not all run; `newer`: another version migrated further. */
    migrations: 'current' | 'pending' | 'newer' | 'unknown';
  };
}

/** The message an unknown section answers with (SPEC.md 8.3). */
export const UNSUPPORTED_SECTION = 'Unsupported content type';

/** What a user may do (issue 14): `admin` everything including users, `editor` every content write, `viewer` reads only. */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
