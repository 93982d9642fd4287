import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import { type DialectName, dialectOf } from './dialect.ts';
import type { Db } from './types.ts';

/**
 * A query of fixed shape that every write or signed-in request runs, built and compiled once per database engine
 * and then run with each call's values. Building a Kysely query and compiling it costs more CPU than SQLite takes to
 * run a small one, and a write runs several of them; the SQL text stays the same, so SQLite's prepared statement is
 * reused as before (statement-cache.ts).
 *
 * `build` must pass each of its parameters into the query as a value, untouched: it is called once with a marker in
 * place of each, and where the markers land in the compiled parameters is where each call's values go. A parameter
 * the query transforms or leaves out is a mistake, reported at the first call.
 */
export function preparedQuery<P extends readonly unknown[], O>(
  build: (db: Db, ...params: P) => Compilable<O>,
): (db: Db, ...params: P) => Promise<QueryResult<O>> {
  const compiled = new Map<DialectName, { query: CompiledQuery<O>; slots: number[] }>();
  const compile = (db: Db, count: number) => {
    const markers = Array.from({ length: count }, (_, n) => `\u0000prepared parameter ${n}\u0000`);
    const query = build(db, ...(markers as unknown as P)).compile();
    const slots = query.parameters.map((value) => markers.indexOf(value as string));
    for (const n of markers.keys())
      if (!slots.includes(n)) throw new Error(`prepared query: parameter ${n} is not a value of ${query.sql}`);
    return { query, slots };
  };
  return (db, ...params) => {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      entry = compile(db, params.length);
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, n) => (slot < 0 ? query.parameters[n] : params[slot]));
    return db.executeQuery({ ...query, parameters });
  };
}

/** Most query shapes a preparedQueries keeps; the first made is the first dropped. */
const MAX_SHAPES = 256;

/**
 * preparedQuery for queries whose shape, besides their values, depends on the call: a section's table, the columns
 * a write sets. Each shape is named by a key and compiled on its first call (`build` is used only then), so every
 * write of the same shape runs compiled SQL, as preparedQuery's queries do. A write sends any set of its section's
 * fields, so the shapes are bounded by the sections' fields, not by the requests; at most MAX_SHAPES are kept.
 */
export function preparedQueries<P extends readonly unknown[], O>(): (
  key: string,
  build: (db: Db, ...params: P) => Compilable<O>,
) => (db: Db, ...params: P) => Promise<QueryResult<O>> {
  const byKey = new Map<string, (db: Db, ...params: P) => Promise<QueryResult<O>>>();
  return (key, build) => {
    let query = byKey.get(key);
    if (!query) {
      if (byKey.size >= MAX_SHAPES) byKey.delete(byKey.keys().next().value as string);
      query = preparedQuery(build);
      byKey.set(key, query);
    }
    return query;
  };
}
