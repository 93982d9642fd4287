import type { ColumnType, Generated } from 'kysely';

/**
 * Tables shared by every part of the server. Section tables are derived from the registry
 * at run time and are reached through the dynamic module, so they are not listed here.
 * Timestamps are ISO 8601 UTC strings in both dialects; booleans are 0/1 integers.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  password_hash: string;
  disabled: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute expiry; idle expiry is last_seen_at + the idle limit. */
  expires_at: string;
}

export interface LogsTable {
  id: Generated<number>;
  action: 'create' | 'update' | 'delete';
  content: string;
  section: string;
  record_id: number | null;
  username: string;
  created_at: string;
  updated_at: string;
  /** The revision the change that wrote this row stored (migration 005); null for older rows. */
  revision_id: number | null;
}

export type RevisionAction = 'create' | 'update' | 'delete' | 'restore';

/** One version of a record (migration 005): the whole record as the API answers it, as JSON. */
export interface RevisionsTable {
  id: Generated<number>;
  section: string;
  record_id: number;
  action: RevisionAction;
  /** The record's version after the change; for a delete, the version it had. */
  version: number;
  record: string;
  username: string;
  created_at: string;
}

export interface MediaTable {
  /** SHA-256 (hex) of the bytes: the content address. */
  sha256: string;
  ext: string;
  content_type: string;
  size: number;
  bytes: Uint8Array;
  created_at: string;
}

/** Change counters kept by triggers (migration 003): section versions and the number of log rows. */
export interface CountersTable {
  name: string;
  /** bigint: PostgreSQL answers it as a string. */
  value: ColumnType<number | string, number, number>;
}

/** The sign-in throttle (migration 004): one row per key, counting attempts in its current window. */
export interface LoginAttemptsTable {
  /** `user:{case-folded name}` or `addr:{address}`. */
  key: string;
  /** When the key's current window began: its first attempt after the previous window ended. */
  window_start: string;
  /** Failed attempts in the window plus those being checked right now. */
  count: number;
}

export interface Database {
  counters: CountersTable;
  login_attempts: LoginAttemptsTable;
  users: UsersTable;
  sessions: SessionsTable;
  logs: LogsTable;
  revisions: RevisionsTable;
  media: MediaTable;
}
