/** A file sent with a write, as read from its multipart part. */
export interface Upload {
  bytes: Buffer;
  filename?: string;
  declaredType?: string;
}

/** A write's body as sent (JSON, or multipart's text parts) and its files, before any check. */
export interface RawInput {
  body: Record<string, unknown>;
  uploads: Map<string, Upload>;
}
