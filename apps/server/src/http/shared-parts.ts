import { isDeepStrictEqual } from 'node:util';
import { errors, json, type Json, ref } from '../lib/api-doc.ts';
import { http } from '../lib/node-http.ts';

/**
 * The document's repeated parts written once, under components, and referred to by the operations: the error
 * answers, the parameters (limit, offset, If-Match…) and the answers' headers (ETag, Cache-Control…). Each section
 * declares the same ones, and written out in each operation they were most of the document's size.
 */

interface Operation {
  parameters?: Json[];
  responses: Record<string, Json>;
}
const METHODS = ['get', 'head', 'put', 'post', 'patch', 'delete'];
const operationsOf = (document: Json): Operation[] =>
  Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    METHODS.flatMap((method) => (item[method] ? [item[method]] : [])),
  );

/** An error answer as @fastify/swagger writes it from `errors(status)`. */
function standardError(status: number): Json {
  const { description, headers } = errors(status)[status]!;
  const headerObjects =
    headers &&
    Object.fromEntries(
      Object.entries(headers as Record<string, Json>).map(([name, { description: said, ...schema }]) => [
        name,
        { schema, description: said },
      ]),
    );
  return { description, ...(headerObjects ? { headers: headerObjects } : {}), content: json(ref('Error')) };
}

/** Parts of one kind under components: a part equal to one already there becomes a reference to it. */
class Shared {
  readonly parts: Record<string, Json> = {};
  private readonly kind: string;
  constructor(kind: string) {
    this.kind = kind;
  }

  /** The reference to `part` under `name` (`name.2`, `name.3`… for the other variants of a name). */
  refer(name: string, part: Json): Json {
    for (let n = 1; ; n += 1) {
      const key = n === 1 ? name : `${name}.${n}`;
      const there = (this.parts[key] ??= part);
      if (isDeepStrictEqual(there, part)) return { $ref: `#/components/${this.kind}/${key}` };
    }
  }
}

const nameOfStatus = (status: string) => (http.STATUS_CODES[status] ?? `Status ${status}`).replace(/[^A-Za-z0-9]/g, '');

export function shareRepeatedParts(document: Json): void {
  const parameters = new Shared('parameters');
  const headers = new Shared('headers');
  const responses = new Shared('responses');
  // the standard error answers take the plain names (NotFound); one with its own description or headers (a public
  // read's 404, which caches keep) is a variant (NotFound.2)
  const standard = new Map<string, Json>();
  for (const operation of operationsOf(document)) {
    operation.parameters = operation.parameters?.map((parameter) =>
      parameters.refer(`${String(parameter.in)}.${String(parameter.name)}`, parameter),
    );
    if (!operation.parameters) delete operation.parameters;
    for (const [status, response] of Object.entries(operation.responses)) {
      const name = nameOfStatus(status);
      if (Number(status) >= 400) {
        if (!standard.has(name)) standard.set(name, standardError(Number(status)));
        if (isDeepStrictEqual(response, standard.get(name))) {
          operation.responses[status] = responses.refer(name, response);
          continue;
        }
      }
      const answerHeaders = response.headers as Record<string, Json> | undefined;
      if (answerHeaders)
        response.headers = Object.fromEntries(
          Object.entries(answerHeaders).map(([header, value]) => [header, headers.refer(header, value)]),
        );
      if (status === '304' || Number(status) >= 400) operation.responses[status] = responses.refer(name, response);
    }
  }
  Object.assign(document.components as Json, {
    parameters: parameters.parts,
    headers: headers.parts,
    responses: responses.parts,
  });
}
