import { sql } from 'kysely';
import type { RevisionAction } from './types.ts';

/**
 * The revision action of a delete as an SQL literal, not a parameter: only then may the planner use
 * the partial index of deletes (migration 005). A constant, so no request data is ever spliced in.
 */
export const DELETE_ACTION_LITERAL = sql.lit<RevisionAction>('delete');
