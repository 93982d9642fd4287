/** Timestamps are ISO 8601 UTC strings in both dialects (db/types.ts). */
export const nowIso = (): string => new Date().toISOString();
