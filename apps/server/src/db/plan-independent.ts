import { type Expression, sql } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * Statements that every write or signed-in request runs never let SQLite's planner look at a bound value.
 *
 * The planner looks at a bound value in a few places: a LIMIT, a value compared with a column that a partial
 * index's condition names, a LIKE pattern, and an equality in a join or under an ORDER BY (to estimate the rows
 * it keeps). It then marks the statement to be planned again once that value changes, and better-sqlite3 clears a
 * statement's values after each run, which SQLite counts as a change: such a statement is parsed and planned
 * again on every run, 10 to 60 µs, several times what running it costs, whatever the statement cache keeps
 * (statement-cache.ts). So a constant is written as a literal (`limit 1`, `state = 'pending'`), and a value that
 * changes from run to run is compared through planIndependent.
 */

/**
 * A value compared in a query whose plan must not depend on it: on SQLite `+?`, the same value (unary plus
 * changes neither a value nor its affinity) behind an operator the planner does not look through; on PostgreSQL,
 * whose plans never depend on a bound value here, the plain parameter. The column side stays bare, so its
 * indexes serve the comparison as before.
 */
export function planIndependent<T>(db: Parameters<typeof dialectOf>[0], value: T): Expression<T> {
  return dialectOf(db) === 'sqlite' ? sql<T>`+${value}` : sql<T>`${value}`;
}

/** `limit 1` as a literal: a LIMIT bound as a value is looked at. */
export const ONE_ROW = sql.lit(1);

/**
 * The constants other layers compare with a column that a partial index's condition or an ORDER BY's plan looks at,
 * as literals. They are written here, in the schema layer, because text spliced into SQL unbound is kept out of the
 * code that handles requests (a test scans for it): these are fixed words and flags, never request data.
 */
export const PENDING = sql.lit('pending' as const);
export const PUBLISH = sql.lit('publish' as const);
/** The 1 and 0 of a flag column (`public`, `is_default`). */
export const FLAG_ON = sql.lit(1 as const);
export const FLAG_OFF = sql.lit(0 as const);
