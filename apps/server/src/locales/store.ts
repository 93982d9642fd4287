import type { Locale } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { dialectOf } from '../db/dialect.ts';
import { NotFoundError } from '../lib/errors.ts';
import { ownName } from './codes.ts';

/**
 * Inside a language write's transaction, before it reads the languages it checks: every write of the languages
 * (add, change, delete) then runs one at a time across instances, so its check (a fallback to a language that
 * exists, without a cycle) holds when it commits. On PostgreSQL a table lock that only language writes take (reads,
 * and the row locks of the translations' references, pass); SQLite has one writer already.
 */
export async function lockLanguages(trx: Db): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`lock table locales in share row exclusive mode`.execute(trx);
}

/**
 * First in a write in a language other than the default, before it locks any record: the language's row is held
 * (shared) until the write commits, and a language being deleted holds it (exclusive) before it touches any record,
 * so the two take their locks in one order and wait for each other rather than deadlock (PostgreSQL; SQLite has one
 * writer). 404 when the language is gone, as it is for a write that comes after the deletion.
 */
export async function holdLanguage(trx: Db, code: string): Promise<void> {
  let row = trx.selectFrom('locales').select('code').where('code', '=', code);
  if (dialectOf(trx) === 'postgres') row = row.forKeyShare();
  if (!(await row.executeTakeFirst())) throw new NotFoundError(`No language with the code "${code}".`);
}

/** First in a language's deletion, after lockLanguages: its row, held until the deletion commits (holdLanguage). */
export async function lockLanguageForDeletion(trx: Db, code: string): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await trx.selectFrom('locales').select('code').where('code', '=', code).forUpdate().execute();
}

/** The languages as stored, the default first, then in the order they were added. */
export async function listLocales(db: Db, defaultCode: string): Promise<Locale[]> {
  const rows = await db.selectFrom('locales').selectAll().orderBy('created_at').orderBy('code').execute();
  const locales = rows.map((row): Locale => ({
    code: row.code,
    name: row.name,
    fallback: row.fallback,
    public: Number(row.public) === 1 || row.code === defaultCode,
    default: row.code === defaultCode,
  }));
  return [...locales.filter((l) => l.default), ...locales.filter((l) => !l.default)];
}

/** The stored names of these languages, by code: what a log row or a refusal calls each. */
export async function localeNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('locales').select(['code', 'name']).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, row.name]));
}

/**
 * The row of DEFAULT_LOCALE, written at start when missing: a fresh install, or a database from before languages,
 * has one language, and every existing record's text is in it. The row is marked the default one (and no other is),
 * so checks inside a write's transaction know the other languages without the configuration.
 */
export async function ensureDefaultLocale(db: Db, code: string, now: string): Promise<void> {
  // looked up first: a start that finds it as it should be writes nothing
  const found = await db.selectFrom('locales').select('is_default').where('code', '=', code).executeTakeFirst();
  if (!found)
    await db
      .insertInto('locales')
      .values({ code, name: ownName(code), fallback: null, public: 1, is_default: 1, created_at: now, updated_at: now })
      .onConflict((c) => c.column('code').doNothing())
      .execute();
  else if (Number(found.is_default) !== 1)
    await db.updateTable('locales').set({ is_default: 1 }).where('code', '=', code).execute();
  else return;
  await db
    .updateTable('locales')
    .set({ is_default: 0 })
    .where('code', '!=', code)
    .where('is_default', '=', 1)
    .execute();
}

export async function insertLocale(
  db: Db,
  locale: { code: string; name: string; fallback: string | null },
  now: string,
): Promise<void> {
  await db
    .insertInto('locales')
    .values({ ...locale, public: 0, created_at: now, updated_at: now })
    .execute();
}

export async function updateLocale(
  db: Db,
  code: string,
  change: { name?: string; fallback?: string | null; public?: boolean },
  now: string,
): Promise<void> {
  await db
    .updateTable('locales')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.fallback !== undefined ? { fallback: change.fallback } : {}),
      ...(change.public !== undefined ? { public: change.public ? 1 : 0 } : {}),
      updated_at: now,
    })
    .where('code', '=', code)
    .execute();
}

/** Removes the language; those that fell back to it fall back to the default language instead. */
export async function deleteLocaleRow(db: Db, code: string, now: string): Promise<void> {
  await db.updateTable('locales').set({ fallback: null, updated_at: now }).where('fallback', '=', code).execute();
  await db.deleteFrom('locales').where('code', '=', code).execute();
}
