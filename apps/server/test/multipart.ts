import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as browsers send it: text fields and file fields. */
export function multipartBody(fields: Record<string, string | FilePart>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----bursary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(value.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart body made as it is read: small text fields, then one field of `size` bytes that
 * exists only as far as the server pulls it. `pulled()` tells how many bytes the server read.
 */
export function streamedMultipart(
  fields: Record<string, string>,
  big: { name: string; size: number },
): { payload: Readable; headers: Record<string, string>; pulled: () => number } {
  const boundary = `----bursary${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let pulled = 0;
  let left = big.size;
  const payload = new Readable({
    read() {
      if (pulled === 0) {
        const opening = Buffer.from(
          `${head}--${boundary}\r\nContent-Disposition: form-data; name="${big.name}"\r\n\r\n`,
        );
        pulled += opening.length;
        this.push(opening);
      } else if (left > 0) {
        const next = chunk.subarray(0, Math.min(chunk.length, left));
        left -= next.length;
        pulled += next.length;
        this.push(next);
      } else {
        this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
        this.push(null);
      }
    },
  });
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, pulled: () => pulled };
}
