import type { Json } from '../lib/api-doc.ts';

/**
 * What a website calls: reads that need no token (a token may add to some, as drafts for the console). Their HEADs
 * are in the whole document, for caches and link checkers; a website's client reads.
 */
const READS = ['get'];
const isPublic = (operation: Json) =>
  Array.isArray(operation.security) &&
  (operation.security.length === 0 || operation.security.some((need) => Object.keys(need as Json).length === 0));

/** Every `$ref` a part of the document makes, as `#/components/<kind>/<name>`. */
function refsIn(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
}

/**
 * The document cut down to the public reads (the sections' lists and records, the media, health and this
 * description) and the components they use: what a website's generated client needs, a few percent of
 * the whole, which mostly describes the console's writes.
 */
export function websiteDocument(whole: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries(whole.paths as Record<string, Json>)) {
    const reads = Object.fromEntries(
      Object.entries(item).filter(([method, operation]) => READS.includes(method) && isPublic(operation as Json)),
    );
    if (Object.keys(reads).length > 0) paths[path] = reads;
  }
  const all = whole.components as Record<string, Record<string, unknown>>;
  const kept: Record<string, Record<string, unknown>> = { securitySchemes: all.securitySchemes ?? {} };
  // follow the references until no new one appears: a schema may name others
  const seen = new Set<string>();
  let pending = new Set<string>();
  refsIn(paths, pending);
  while (pending.size > 0) {
    const next = new Set<string>();
    for (const pointer of pending) {
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      const [, , kind, name] = pointer.split('/');
      const target = kind && name ? all[kind]?.[name] : undefined;
      if (!kind || !name || target === undefined) continue;
      (kept[kind] ??= {})[name] = target;
      refsIn(target, next);
    }
    pending = next;
  }
  const info = whole.info as Json;
  return {
    ...whole,
    info: { ...info, title: `${String(info.title)}: the website's reads` },
    paths,
    components: kept,
  };
}
