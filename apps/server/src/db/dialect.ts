import { PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to; the few dialect differences branch on this. */
export function dialectOf(db: { getExecutor: () => { adapter: unknown } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
