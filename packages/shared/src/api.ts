/** Wire contracts between the console and the content API. */

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
  /**
   * The role; optional only so that a session stored before roles still reads (the console then refreshes it from GET
   * /api/me).
   */
  role?: Role;
  two_factor?: boolean;
  /** Signed in with a temporary password: a new one must be chosen before anything else. */
  must_change_password?: boolean;
  /** REQUIRE_2FA asks this user to set up two-factor sign-in before anything else. */
  must_set_up_2fa?: boolean;
}

/** An answer that only says what was done (a sign-out, a password change, a second factor turned off). */
export interface MessageResponse {
  message: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  user: User;
  message: string;
}
/** POST /api/login for a user with two-factor sign-in: no session yet; POST /api/login/totp finishes it. */
export interface MfaRequiredResponse {
  mfa_required: true;
  mfa_token: string;
  message: string;
}
export interface LoginTotpRequest {
  mfa_token: string;
  code: string;
}

/** GET /api/users (administrators). */
export interface UserSummary {
  id: number;
  username: string;
  name: string;
  email: string | null;
  role: Role;
  disabled: boolean;
  two_factor: boolean;
  last_login_at: string | null;
  created_at: string;
}
export interface NewUserRequest {
  username: string;
  name: string;
  email?: string | null;
  role: Role;
}
/** POST /api/users: the temporary password is answered this once. */
export interface CreatedUserResponse {
  user: UserSummary;
  temporary_password: string;
  message: string;
}
export interface TemporaryPasswordResponse {
  temporary_password: string;
  message: string;
}

/** GET /api/me/sessions. */
export interface SessionInfo {
  id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  current: boolean;
  /** The browser that signed in (migration 007); null when unknown. Optional only for servers before it. */
  user_agent?: string | null;
}
/** POST /api/me/totp: the secret to add to an authenticator app. */
export interface TotpSetupResponse {
  secret: string;
  uri: string;
  message: string;
}
/** PUT /api/me/totp: the recovery codes, answered this once. */
export interface TotpConfirmResponse {
  recovery_codes: string[];
  message: string;
}

/** What a revision records: a restore is a change of its own. */
export type RevisionAction = 'create' | 'update' | 'delete' | 'restore';
/** GET /api/{section}/{id}/revisions and GET /api/{section}/revisions. */
export interface Revision {
  id: number;
  action: RevisionAction;
  username: string;
  created_at: string;
  log_id: number | null;
  record: SectionRecord;
}
/** DELETE /api/{section}/{id}: restoring `revision_id` brings the record back (the toast's Undo). */
export interface RecordDeletedResponse {
  message: string;
  revision_id: number;
}
/**
 * DELETE /api/{section}/sub/{id}: restoring `undo_revision_id` with the answer's ETag puts the item back; null when the
 * record is older than history.
 */
export interface ItemDeletedResponse {
  message: string;
  undo_revision_id: number | null;
}
/** GET /api/trash. */
export interface TrashEntry {
  section: string;
  record_id: number;
  title: string;
  username: string;
  deleted_at: string;
  revision_id: number;
}

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
  /**
   * The revision the change stored (GET /api/logs/{id} shows what it changed); null for rows older than history.
   * Optional only so clients built before history still type-check.
   */
  revision_id?: number | null;
}

/** GET /api/logs/{id}: the row and what its change did, against the version before it. */
export interface LogDetail extends LogEntry {
  /** `locale`: the language of a translated text changed, when it is not the default language. */
  changes: { field: string; item_id?: number; locale?: string; before: unknown; after: unknown }[];
}

/** GET /api/logs/summary. */
export interface LogSummary {
  total: number;
  last_updated_at: string | null;
}

/** GET /api/logs answers the newest 100 without parameters; X-Total-Count carries the total. */
export const LOGS_DEFAULT_LIMIT = 100;
export const LOGS_MAX_LIMIT = 500;
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The header that carries a preview token on a read, as the `preview` query parameter does. */
export const PREVIEW_HEADER = 'Bursary-Preview';

/** A stored record as read: its fields, its sub-items if any, id and timestamps. */
export type SectionRecord = { id: number } & Record<string, unknown>;

/** GET /api/health: `ok` with 200, or `unavailable` with 503 when a check fails. */
export interface HealthResponse {
  status: 'ok' | 'unavailable';
  /** Only for the metrics token or a signed-in administrator. */
  checks?: {
    database: 'ok' | 'unreachable';
    /** `pending`: this server's migrations have not all run; `newer`: another version migrated further. */
    migrations: 'current' | 'pending' | 'newer' | 'unknown';
  };
}

/** The message an unknown section answers with. */
export const UNSUPPORTED_SECTION = 'Unsupported content type';

/**
 * What a user may do: `admin` everything including users, `editor` every content write, `viewer` reads only.
 */
export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
