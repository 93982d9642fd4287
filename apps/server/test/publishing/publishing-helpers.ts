import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { SectionDef } from '@bursary/shared';
import type { TestApp } from '../helper.ts';
import { sampleRecord, textField } from '../factories.ts';

export type Body = Record<string, unknown>;

/** A record's own address: a single-record section's has no id. */
export const recordUrl = (section: SectionDef, id: number) =>
  section.kind === 'single' ? `/api/${section.slug}` : `/api/${section.slug}/${id}`;

/** Text no other record holds, so a raw answer body can be searched for it. */
export const uniqueText = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** A valid body whose text field (and title) carries `marker`. */
export function markedRecord(section: SectionDef, n: number, imageUrl: string, marker: string): Body {
  const body = sampleRecord(section, n, imageUrl);
  const field = textField(section);
  body[field] = section.fields[field]?.kind === 'richtext' ? `<p>${marker}</p>` : marker;
  return body;
}

/** Creates a record (201 expected); `status` is sent when given. */
export async function create(t: TestApp, section: SectionDef, body: Body, status?: string): Promise<Body> {
  const res = await t.injectAs({
    method: 'POST',
    url: `/api/${section.slug}`,
    payload: status === undefined ? body : { ...body, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Body;
}

/** A live preview token stored as the token creation route stores one; answers the token itself. */
export async function previewToken(t: TestApp, expiresInMs = 3_600_000, revoked = false): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await t.db
    .insertInto('preview_tokens')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      created_by: 'editor',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + expiresInMs).toISOString(),
      revoked_at: revoked ? now.toISOString() : null,
    })
    .execute();
  return token;
}

/** Empties a section, so its single record or its totals start from nothing. */
export async function emptySection(t: TestApp, section: SectionDef): Promise<void> {
  const list = await t.injectAs({ method: 'GET', url: `/api/${section.slug}?status=all` });
  for (const record of list.json() as Body[]) {
    const res = await t.injectAs({ method: 'DELETE', url: `/api/${section.slug}/${String(record.id)}` });
    expect(res.statusCode, res.body).toBe(200);
  }
}
