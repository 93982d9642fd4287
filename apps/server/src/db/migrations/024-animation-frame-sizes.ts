import { type Kysely, sql } from 'kysely';

/**
 * GIF and WebP uploads stored before this kept an animation's height as all its frames stacked (13 frames of
 * 1900 px made 24,700): each is measured again from its bytes, one frame's height being what a reader lays out.
 * sharp (a native library) loads only when such an image exists, so a library without one starts as lean as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    sha256: string;
  }>`select sha256 from media where ext in ('gif', 'webp') and height is not null`.execute(db);
  if (rows.rows.length === 0) return;
  const { default: sharp } = await import('sharp');
  for (const { sha256 } of rows.rows) {
    // one image's bytes at a time, so a large library is never all in memory
    const stored = await sql<{ bytes: Uint8Array }>`select bytes from media where sha256 = ${sha256}`.execute(db);
    const bytes = stored.rows[0]?.bytes;
    if (!bytes) continue;
    try {
      // without `animated`, sharp decodes the first frame only: its height is one frame's
      const { height } = await sharp(Buffer.from(bytes), { failOn: 'error' }).metadata();
      if (height) await sql`update media set height = ${height} where sha256 = ${sha256}`.execute(db);
    } catch {
      // an image that no longer decodes keeps the size it had
    }
  }
}

export async function down(): Promise<void> {
  // the stacked heights were wrong; nothing to bring back
}
