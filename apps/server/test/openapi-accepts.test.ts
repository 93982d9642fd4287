import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { generateSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { buildOpenApi } from '../src/routes/openapi.ts';
import { sampleRecord, storedImageUrl } from './factories.ts';
import { buildTestApp, dialects, TEST_PASSWORD, type TestApp } from './helper.ts';

type Json = Record<string, unknown>;

/** Bodies generated per operation; each is a different seed. */
const BODIES_PER_OPERATION = 12;

/**
 * Refusals the schema cannot express, because they depend on what is stored or on what the text
 * means once sanitised. Each is matched by its message; any other 400 fails the test.
 */
const STATEFUL_REFUSALS: { why: string; message: RegExp }[] = [
  { why: 'an image URL must name an image stored on this server', message: /names an image that does not exist/ },
  { why: 'rich text that sanitises to nothing is empty', message: new RegExp(`^(${richTextFields().join('|')}) is required$`) },
  { why: 'the current password must be the stored one', message: /^The current password is not correct$/ },
  { why: 'a new password must not be a common one', message: /^This password is too common/ },
  { why: 'a new password must differ from the current one', message: /^The new password must differ/ },
];

function richTextFields(): string[] {
  return [...new Set(sections.flatMap((s) => Object.entries(s.fields).filter(([, def]) => def.kind === 'richtext').map(([name]) => name)))];
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false }));
const document = buildOpenApi() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>> };

interface BodyOperation { method: string; path: string; schema: Json; validate: ValidateFunction }
const bodyOperations: BodyOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const schema = operation.requestBody?.content['application/json']?.schema;
    return schema ? [{ method: method.toUpperCase(), path, schema, validate: ajv.compile(schema) }] : [];
  }));

const sectionOf = (path: string): SectionDef | undefined => sections.find((s) => path.startsWith(`/api/${s.slug}`));

/** A generated body with its image URLs pointing at a stored image: existence is the one thing a pattern cannot say. */
function generatedBody(operation: BodyOperation, seed: number, imageUrl: string): Json {
  const body = generateSync(operation.schema, { seed, maxLength: 60, maxItems: 4, optionalsProbability: 0.6 }) as Json;
  const section = sectionOf(operation.path);
  for (const [name, def] of Object.entries(section?.fields ?? {})) {
    if (def.kind === 'image' && typeof body[name] === 'string' && body[name] !== '') body[name] = imageUrl;
  }
  // sub-item ids must name the record's own items: new items (no id) are what a schema can describe
  const items = section?.subItems ? body[section.subItems.field] : undefined;
  if (Array.isArray(items)) for (const item of items as Json[]) delete item.id;
  return body;
}

for (const dialect of dialects) {
  describe(`every body the API description accepts is accepted on ${dialect} (issue 11 point 10)`, () => {
    let t: TestApp;
    let imageUrl: string;
    let password = TEST_PASSWORD;
    const recordIds = new Map<string, number>();
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      imageUrl = await storedImageUrl(t.db);
      // a record of each section to edit, and the single-record sections' record for their sub-items
      for (const section of sections) {
        const res = await t.injectAs({ method: 'POST', url: `/api/${section.slug}`, payload: sampleRecord(section, 1, imageUrl) });
        expect(res.statusCode, res.body).toBe(201);
        recordIds.set(section.slug, (res.json() as { id: number }).id);
      }
    });
    afterAll(async () => { await t.close(); });

    it('has body-taking operations to try', () => {
      expect(bodyOperations.length).toBeGreaterThan(40);
    });

    for (const operation of bodyOperations) {
      it(`${operation.method} ${operation.path}`, async () => {
        let tried = 0;
        for (let seed = 1; seed <= BODIES_PER_OPERATION; seed++) {
          const body = generatedBody(operation, seed, imageUrl);
          if (operation.path === '/api/me/password') body.current_password = password;
          if (!operation.validate(body)) continue;
          tried++;
          const section = sectionOf(operation.path);
          const url = operation.path.replace('{id}', String(section ? recordIds.get(section.slug) : 1));
          const res = await t.injectAs({ method: operation.method as 'POST', url, payload: body });
          if (res.statusCode === 400) {
            const { message } = res.json() as { message: string };
            const messages = ((res.json() as { fields?: { message: string }[] }).fields ?? [{ message }]).map((f) => f.message);
            const unexplained = messages.filter((m) => !STATEFUL_REFUSALS.some((r) => r.message.test(m)));
            expect(unexplained, `${operation.method} ${url} refused a body its schema accepts: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
          }
          if (operation.path === '/api/me/password' && res.statusCode === 200) password = String(body.new_password);
        }
        expect(tried, 'the generator made no body the schema accepts').toBeGreaterThan(0);
      });
    }
  });
}
