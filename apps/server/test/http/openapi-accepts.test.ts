import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { generateSync } from 'json-schema-faker';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SectionDef, sections } from '@bursary/shared';
import { apiDocument } from './api-document.ts';
import { samplePng, sampleRecord, storedImageUrl } from '../factories.ts';
import { buildTestApp, dialects, TEST_PASSWORD, type TestApp } from '../helper.ts';
import { type FilePart, multipartBody } from '../multipart.ts';

type Json = Record<string, unknown>;

/** Bodies generated per operation; each is a different seed. */
const BODIES_PER_OPERATION = 12;

/**
 * Refusals the schema cannot express, because they depend on what is stored or on what the text
 * means once sanitised. Each is matched by its message; any other 400 fails the test.
 */
const STATEFUL_REFUSALS: { why: string; message: RegExp }[] = [
  { why: 'an image URL must name an image stored on this server', message: /names an image that does not exist/ },
  {
    why: 'rich text that sanitises to nothing is empty',
    message: new RegExp(`^(${richTextFields().join('|')}) is required$`),
  },
  { why: 'the current password must be the stored one', message: /^The current password is not correct$/ },
  { why: 'a new password must not be a common one', message: /^This password is too common/ },
  { why: 'a new password must differ from the current one', message: /^The new password must differ/ },
];

function richTextFields(): string[] {
  return [
    ...new Set(
      sections.flatMap((s) =>
        Object.entries(s.fields)
          .filter(([, def]) => def.kind === 'richtext')
          .map(([name]) => name),
      ),
    ),
  ];
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false }));
const document = (await apiDocument()) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>>;
};

type BodyType = 'application/json' | 'multipart/form-data';
interface BodyOperation {
  method: string;
  path: string;
  type: BodyType;
  schema: Json;
  validate: ValidateFunction;
}
const bodyOperations: BodyOperation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    (['application/json', 'multipart/form-data'] as const).flatMap((type) => {
      const schema = operation.requestBody?.content[type]?.schema;
      return schema ? [{ method: method.toUpperCase(), path, type, schema, validate: ajv.compile(schema) }] : [];
    }),
  ),
);

const sectionOf = (path: string): SectionDef | undefined => sections.find((s) => path.startsWith(`/api/${s.slug}`));

/** A generated body with its image URLs pointing at a stored image: existence is the one thing a pattern cannot say. */
const GENERATOR_OPTIONS = { maxLength: 60, maxItems: 4, optionalsProbability: 0.6 };

/** A generated body with its image URLs pointing at a stored image: existence is the one thing a pattern cannot say. */
function generatedBody(operation: BodyOperation, seed: number, imageUrl: string): Json {
  const body = generateSync(operation.schema, { seed, ...GENERATOR_OPTIONS }) as Json;
  const section = sectionOf(operation.path);
  for (const [name, def] of Object.entries(section?.fields ?? {})) {
    if (def.kind === 'image' && typeof body[name] === 'string' && body[name] !== '') body[name] = imageUrl;
  }
  const sub = section?.subItems;
  if (sub && operation.type === 'multipart/form-data' && body[sub.field] !== undefined) {
    // the form carries the list as JSON text, described by contentSchema
    const listSchema =
      (operation.schema.properties as Record<string, { contentSchema: Json }>)[sub.field]?.contentSchema ?? {};
    body[sub.field] = JSON.stringify(generateSync(listSchema, { seed, ...GENERATOR_OPTIONS }));
  }
  // sub-item ids must name the record's own items: new items (no id) are what a schema can describe
  const items = sub ? body[sub.field] : undefined;
  if (Array.isArray(items)) for (const item of items as Json[]) delete item.id;
  if (sub && typeof items === 'string')
    body[sub.field] = JSON.stringify((JSON.parse(items) as Json[]).map(({ id: _id, ...item }) => item));
  return body;
}

/** The request to send: JSON as it is; a form with every other image as an uploaded file rather than a URL. */
function payloadOf(
  operation: BodyOperation,
  body: Json,
  seed: number,
): { payload: Json | Buffer; headers: Record<string, string> } {
  if (operation.type === 'application/json') return { payload: body, headers: {} };
  const fields: Record<string, string | FilePart> = {};
  for (const [name, value] of Object.entries(body)) {
    const isImage = sectionOf(operation.path)?.fields[name]?.kind === 'image';
    fields[name] =
      isImage && value !== '' && seed % 2 === 0
        ? { filename: 'picture.png', contentType: 'image/png', bytes: samplePng(seed) }
        : String(value);
  }
  return multipartBody(fields);
}

for (const dialect of dialects) {
  describe(`every body the API description accepts is accepted on ${dialect}`, () => {
    let t: TestApp;
    let imageUrl: string;
    let password = TEST_PASSWORD;
    const recordIds = new Map<string, number>();
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      imageUrl = await storedImageUrl(t.db);
      // a record of each section to edit, and the single-record sections' record for their sub-items
      for (const section of sections) {
        const res = await t.injectAs({
          method: 'POST',
          url: `/api/${section.slug}`,
          payload: sampleRecord(section, 1, imageUrl),
        });
        expect(res.statusCode, res.body).toBe(201);
        recordIds.set(section.slug, (res.json() as { id: number }).id);
      }
    });

    it('has body-taking operations to try', () => {
      expect(bodyOperations.filter((o) => o.type === 'application/json').length).toBeGreaterThan(40);
      expect(bodyOperations.filter((o) => o.type === 'multipart/form-data').length).toBeGreaterThan(30);
    });

    for (const operation of bodyOperations) {
      it(`${operation.method} ${operation.path} (${operation.type})`, async () => {
        let tried = 0;
        for (let seed = 1; seed <= BODIES_PER_OPERATION; seed++) {
          const body = generatedBody(operation, seed, imageUrl);
          if (operation.path === '/api/me/password') body.current_password = password;
          if (!operation.validate(body)) continue;
          tried++;
          const section = sectionOf(operation.path);
          const url = operation.path.replace('{id}', String(section ? recordIds.get(section.slug) : 1));
          const res = await t.injectAs({
            method: operation.method as 'POST',
            url,
            ...payloadOf(operation, body, seed),
          });
          if (res.statusCode === 400) {
            const { message } = res.json() as { message: string };
            const messages = ((res.json() as { fields?: { message: string }[] }).fields ?? [{ message }]).map(
              (f) => f.message,
            );
            const unexplained = messages.filter((m) => !STATEFUL_REFUSALS.some((r) => r.message.test(m)));
            expect(
              unexplained,
              `${operation.method} ${url} refused a body its schema accepts: ${JSON.stringify(body).slice(0, 300)}`,
            ).toEqual([]);
          }
          if (operation.path === '/api/me/password' && res.statusCode === 200) password = String(body.new_password);
        }
        expect(tried, 'the generator made no body the schema accepts').toBeGreaterThan(0);
      });
    }
  });
}
