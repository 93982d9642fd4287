export type Encoding = 'br' | 'gzip';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** br when the client takes it, else gzip, else none; q=0 refuses a coding (RFC 9110 12.5.3). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
