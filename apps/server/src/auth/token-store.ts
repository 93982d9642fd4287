import { type ColumnType, type Generated, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashToken, isWellFormedToken, newToken } from './tokens.ts';

/** The tables that keep a token as the SHA-256 of it, beside an id. */
export type TokenTable = {
  [T in keyof Database]: Database[T] extends { id: Generated<number>; token_hash: string } ? T : never;
}[keyof Database];

/** The column that says until when a token lives, and how. */
export type Expiry =
  /** The deadline, stored when the token is issued: it lives `lifetimeMs` from then. */
  | { column: 'expires_at'; lifetimeMs: number }
  /** The token's last use: it lives `lifetimeMs` past it, and each renewal moves it. */
  | { column: 'last_used_at'; lifetimeMs: number };

export const deadline = (lifetimeMs: number): Expiry => ({ column: 'expires_at', lifetimeMs });
export const sinceLastUse = (lifetimeMs: number): Expiry => ({ column: 'last_used_at', lifetimeMs });

/**
 * What the store reads and writes of any token table. Each table has one of the two expiry columns; the
 * store names only the one its Expiry says, so the other is never sent to the database.
 */
interface TokenColumns {
  id: Generated<number>;
  token_hash: string;
  expires_at: ColumnType<string, string | undefined, string>;
  last_used_at: ColumnType<string, string | undefined, string>;
}
type TokenDb = Kysely<{ token_table: TokenColumns }>;

/** The columns a table's row needs besides the ones the store writes itself. */
export type TokenRowValues<T extends TokenTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'token_hash' | Expiry['column']
>;

export interface IssuedToken {
  id: number;
  /** Shown once, to whoever the token is for: only its SHA-256 is stored. */
  token: string;
  expiresAt: string;
}

/**
 * The one way hashed, expiring tokens are kept (sessions, device cookies, second-factor challenges, preview
 * tokens, and next the invitation and password links): a random token is handed out once and only its hash
 * stored, a token past its expiry never reads even before it is swept, and a single-use token is consumed in one
 * statement, so two requests presenting it at once cannot both win.
 */
export class TokenStore<T extends TokenTable> {
  readonly table: T;
  readonly #expiry: Expiry;

  constructor(table: T, expiry: Expiry) {
    this.table = table;
    this.#expiry = expiry;
  }

  /** The expiry column's value for a token issued or renewed at `now`. */
  #stamp(now: Date): string {
    const { column, lifetimeMs } = this.#expiry;
    return column === 'expires_at' ? new Date(now.getTime() + lifetimeMs).toISOString() : now.toISOString();
  }

  /** Tokens whose expiry column is at or before this have expired. */
  #expiredAtOrBefore(now: Date): string {
    const { column, lifetimeMs } = this.#expiry;
    return column === 'expires_at' ? now.toISOString() : new Date(now.getTime() - lifetimeMs).toISOString();
  }

  /**
   * A condition true of the rows still live at `now`, for queries that join a token table to more (the table
   * named in full, so it holds in a join).
   */
  isLive(now: Date) {
    return sql<boolean>`${sql.ref(`${this.table}.${this.#expiry.column}`)} > ${this.#expiredAtOrBefore(now)}`;
  }

  /**
   * The database seen as holding one token table: every TokenTable has the TokenColumns the store uses (its
   * Expiry's column among them), and the name stays the real table's, so the statements are the same.
   */
  #db(db: Kysely<Database>): TokenDb {
    return db as unknown as TokenDb;
  }

  get #from(): 'token_table' {
    return this.table as unknown as 'token_table';
  }

  async issue(db: Kysely<Database>, values: TokenRowValues<T>, now: Date): Promise<IssuedToken> {
    const token = newToken();
    const row = {
      ...values,
      token_hash: hashToken(token),
      [this.#expiry.column]: this.#stamp(now),
    } as Insertable<TokenColumns>;
    const { id } = await this.#db(db).insertInto(this.#from).values(row).returning('id').executeTakeFirstOrThrow();
    return { id: Number(id), token, expiresAt: new Date(now.getTime() + this.#expiry.lifetimeMs).toISOString() };
  }

  /** The row of a token still live at `now`; undefined for anything else (unknown, expired, malformed). */
  async find(db: Kysely<Database>, token: string, now: Date): Promise<Selectable<Database[T]> | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const row = await this.#db(db)
      .selectFrom(this.#from)
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where(this.isLive(now))
      .executeTakeFirst();
    return row as Selectable<Database[T]> | undefined;
  }

  /**
   * Uses a single-use token up: its row, deleted in the same statement that finds it live, so of two requests
   * presenting it at once exactly one gets the row and the other undefined.
   */
  async consume(db: Kysely<Database>, token: string, now: Date): Promise<Selectable<Database[T]> | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const row = await this.#db(db)
      .deleteFrom(this.#from)
      .where('token_hash', '=', hashToken(token))
      .where(this.isLive(now))
      .returningAll()
      .executeTakeFirst();
    return row as Selectable<Database[T]> | undefined;
  }

  /** A full lifetime again from `now` (a known device signing in again). */
  async renew(db: Kysely<Database>, token: string, now: Date): Promise<void> {
    if (!isWellFormedToken(token)) return;
    await this.#db(db)
      .updateTable(this.#from)
      .set(this.#expiry.column, this.#stamp(now))
      .where('token_hash', '=', hashToken(token))
      .execute();
  }

  /** Ends a token at once; false when there was no such token. */
  async revoke(db: Kysely<Database>, token: string): Promise<boolean> {
    if (!isWellFormedToken(token)) return false;
    const result = await this.#db(db)
      .deleteFrom(this.#from)
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Expired tokens can never read again: they are deleted rather than kept. Answers how many went. */
  async deleteExpired(db: Kysely<Database>, now: Date): Promise<number> {
    const result = await this.#db(db)
      .deleteFrom(this.#from)
      .where(this.#expiry.column, '<=', this.#expiredAtOrBefore(now))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
