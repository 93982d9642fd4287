import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@bursary/shared';

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
  /** `admin`, `editor` or `viewer` (migration 006). */
  role: ColumnType<Role, Role | undefined, Role>;
  /** 1 while the password is a temporary one an administrator set. */
  must_change_password: ColumnType<number, number | undefined, number>;
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The TOTP secret, encrypted (src/auth/secret-box.ts); set while pending or on. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled: ColumnType<number, number | undefined, number>;
  /** The time step of the last code accepted: a code, or an earlier one, is not accepted twice. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** Single-use recovery codes for a lost second factor; only their SHA-256 is kept. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
}

/** A sign-in waiting for its second factor. */
export interface MfaChallengesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the mfa_token. */
  token_hash: string;
  expires_at: string;
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
  media: MediaTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
}
