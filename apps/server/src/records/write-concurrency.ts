import { sql } from 'kysely';
import type { SectionDef } from '@bursary/shared';
import type { Config } from '../config/config.ts';
import { dialectOf } from '../db/dialect.ts';
import { ifMatchAccepts } from '../lib/etag.ts';
import { PreconditionFailedError } from '../lib/errors.ts';
import { tableOf } from '../db/naming.ts';
import type { ReadRecord } from './read.ts';
import type { Db } from '../db/types.ts';
import type { ChangePipeline } from './change-pipeline.ts';

/** Who writes and under which precondition; every write route builds one. */
export interface WriteContext {
  db: Db;
  config: Config;
  username: string;
  /** The request's If-Match; undefined means the client sent none and the write is accepted. */
  ifMatch: string | undefined;
  changes: ChangePipeline;
}

/** A stale If-Match: 412 with the current record, so the editor can compare and keep their text. */
export function checkIfMatch(section: SectionDef, ifMatch: string | undefined, current: ReadRecord): void {
  if (ifMatch !== undefined && !ifMatchAccepts(ifMatch, current.etag)) throw staleWrite(section, current);
}

export function staleWrite(section: SectionDef, current: ReadRecord | undefined): PreconditionFailedError {
  return new PreconditionFailedError(
    `This ${section.singular.toLowerCase()} was changed by someone else since you opened it. Reload it to see the current version, then make your change again.`,
    current?.record ?? null,
    section,
  );
}

/**
 * Serialises record creation in a single-record section so that two first saves cannot both
 * create "the one record". SQLite transactions are serialised already.
 */
export async function lockSection(trx: Db, section: SectionDef): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`bursary-section:${tableOf(section)}`}))`.execute(trx);
}
