import type { ColumnType } from 'kysely';

/** The problems stored for a record with any (migration 016). */
export interface SiteHealthRecordsTable {
  section: string;
  record_id: number;
  title: string;
  /** JSON: the record's problems, without section, id and title. */
  problems: string;
}

/** An external link of a record's published content or pending changes (migration 016). */
export interface RecordLinksTable {
  section: string;
  record_id: number;
  field: string;
  url: string;
  title: string;
}

/** What the link checker knows of one external address (migration 016). */
export interface LinkChecksTable {
  url: string;
  host: string;
  /** ISO 8601 UTC: when it is next to be checked. */
  due_at: string;
  /** While in the future, the instance that claimed it is checking it. */
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<number | null, number | null | undefined, number | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  failed_days: ColumnType<number, number | undefined, number>;
  /** YYYY-MM-DD of the last failed check. */
  last_failed_on: ColumnType<string | null, string | null | undefined, string | null>;
  broken: ColumnType<number, number | undefined, number>;
}
