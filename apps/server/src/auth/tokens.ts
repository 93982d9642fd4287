import { createHash, randomBytes } from 'node:crypto';

/** 256-bit opaque bearer tokens (ASVS 3.2.2); only their SHA-256 is ever stored. */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, unpadded. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** A token this server could have made: anything else is refused before the database is asked. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The token of an `Authorization: Bearer …` header, or undefined for anything else
 * (absent, another scheme, wrong length or alphabet), so odd headers never reach the database.
 */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string' || header.length > 200) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  return token !== undefined && isWellFormedToken(token) ? token : undefined;
}
