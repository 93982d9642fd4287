/** Timestamps are ISO 8601 UTC strings in both dialects (db/types.ts). */
export const nowIso = (): string => new Date().toISOString();

/** What tells the time: `() => new Date()` in the running server, a moved clock in tests. */
export type Clock = () => Date;
