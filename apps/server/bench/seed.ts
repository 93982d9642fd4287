import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sections } from '@bursary/shared';
import { ensureFirstUser } from '../src/auth/bootstrap.ts';
import { movePastedImagesAtStart } from '../src/media-library/pasted-images-at-start.ts';
import { loadConfig } from '../src/config/config.ts';
import { SQLITE_FILE_NAME, openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ensureDefaultLocale } from '../src/locales/store.ts';
import { columnOf, tableOf } from '../src/db/naming.ts';
import { recheckRecordsIfNeeded } from '../src/site-health/recheck.ts';

export interface Scale {
  faqs: number;
  logs: number;
  content: number;
  /** Records of the one large collection (messages). */
  messages: number;
  /** Revisions of the first FAQ: a record with a long history; none when left out. */
  revisions?: number;
}

/** Content items whose body has problems for the site's health to report (an http: link that says "here"). */
export const PROBLEM_ITEMS = 1_000;
const FLAWED_PARAGRAPH = '<p>See <a href="http://fund.example/old-page">here</a>.</p>';

export const FULL_SCALE: Scale = { faqs: 50, logs: 1_000_000, content: 100_000, messages: 2_000, revisions: 100_000 };
export const QUICK_SCALE: Scale = { faqs: 50, logs: 50_000, content: 5_000, messages: 2_000, revisions: 100_000 };

/** One word in fifty titles carries it: what the content search looks for. */
export const SEARCH_WORD = 'bursary-7';

const WORDS = [
  'loan',
  'tuition',
  'repayment',
  'grant',
  'campus',
  'semester',
  'deadline',
  'interest',
  'guarantor',
  'graduate',
];

/** An answer of about 600 bytes of the HTML the editor writes (the sanitiser keeps all of it). */
export function faqAnswer(n: number): string {
  const words = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => WORDS[(from + i) % WORDS.length]).join(' ');
  return (
    `<p>Answer ${n}: <strong>${words(n, 6)}</strong> ${words(n + 3, 14)}.</p>` +
    `<ul><li>${words(n + 1, 9)}</li><li>${words(n + 2, 9)}</li><li>${words(n + 5, 9)}</li></ul>` +
    `<p><em>${words(n + 4, 12)}</em> ${words(n + 7, 16)}.</p><ol><li>${words(n + 6, 8)}</li><li>${words(n + 8, 8)}</li></ol>`
  );
}

const section = (slug: string) => {
  const found = sections.find((s) => s.slug === slug);
  if (!found) throw new Error(`no section ${slug}`);
  return found;
};

export function insertRows(
  database: SqliteDatabase.Database,
  slug: string,
  count: number,
  values: (n: number) => Record<string, unknown>,
  at: (n: number) => string,
): void {
  const def = section(slug);
  const fields = Object.keys(values(0));
  const columns = [...fields.map(columnOf), 'version', 'created_at', 'updated_at'];
  const insert = database.prepare(
    `insert into ${tableOf(def)} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  );
  for (let n = 0; n < count; n++) {
    const row = values(n);
    const stamp = at(n);
    insert.run(...fields.map((f) => row[f]), 1, stamp, stamp);
  }
}

/** `count` published FAQs with the website list's usual answers, a minute apart: the lists the read benches serve. */
export function insertFaqs(database: SqliteDatabase.Database, count: number): void {
  insertRows(
    database,
    'faqs',
    count,
    (n) => ({ title: `How does question ${n} work?`, description: faqAnswer(n) }),
    (n) => new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
  );
}

/** The second language every seeded FAQ is written in too: the reads in a language measure against it. */
export const SECOND_LANGUAGE = 'fr';

/**
 * Content items whose translation the site's health reports: half lack their body in the second language, half
 * were translated from an older text. Every other content item is translated whole.
 */
export const TRANSLATION_PROBLEM_ITEMS = 1_000;

/**
 * Adds a public language, and each of the first `count` records of a collection (ids 1…count, as `insertRows`
 * made them) in it: what a fund with a second language filled for every record has.
 */
export function insertLanguage(
  database: SqliteDatabase.Database,
  slug: string,
  count: number,
  values: (n: number) => Record<string, string>,
): void {
  const stamp = new Date(Date.UTC(2019, 0, 1)).toISOString();
  database
    .prepare(
      'insert into locales (code, name, fallback, public, created_at, updated_at) values (?, ?, null, 1, ?, ?) on conflict (code) do nothing',
    )
    .run(SECOND_LANGUAGE, 'Français', stamp, stamp);
  const insert = database.prepare(
    'insert into translations (section, record_id, item_id, locale, field, value, updated_at) values (?, ?, 0, ?, ?, ?, ?)',
  );
  for (let n = 0; n < count; n++)
    for (const [field, value] of Object.entries(values(n)))
      insert.run(slug, n + 1, SECOND_LANGUAGE, field, value, stamp);
}

/**
 * Every content item in the second language (as `insertContentItems` made them), but TRANSLATION_PROBLEM_ITEMS spread
 * evenly: half of those lack their body in it, half were translated from a text that has changed since.
 */
export function insertContentTranslations(database: SqliteDatabase.Database, count: number): void {
  const problemEvery = Math.max(1, Math.floor(count / TRANSLATION_PROBLEM_ITEMS));
  const stamp = new Date(Date.UTC(2019, 0, 1)).toISOString();
  insertLanguage(database, 'content', 0, () => ({}));
  const insert = database.prepare(
    'insert into translations (section, record_id, item_id, locale, field, value, updated_at, source) values (?, ?, 0, ?, ?, ?, ?, ?)',
  );
  for (let n = 0; n < count; n++) {
    const problem =
      n % problemEvery === 0 ? (Math.floor(n / problemEvery) % 2 === 0 ? 'missing' : 'outdated') : undefined;
    const values: [string, string][] = [
      ['title', `Article ${n} : nouvelles`],
      ['excerpt', `Extrait de l'article ${n} pour les étudiants ce semestre.`],
    ];
    if (problem !== 'missing') values.push(['body', `<p>Corps de l'article ${n}.</p>`]);
    for (const [field, value] of values)
      insert.run('content', n + 1, SECOND_LANGUAGE, field, value, stamp, problem === 'outdated' ? 'older text' : null);
  }
}

/**
 * The content area's items: one title in fifty carries SEARCH_WORD, and PROBLEM_ITEMS of them spread evenly have a
 * body with a problem for the site's health to report.
 */
export function insertContentItems(database: SqliteDatabase.Database, count: number): void {
  const recentStart = Date.now() - count * 1_000;
  const problemEvery = Math.max(1, Math.floor(count / PROBLEM_ITEMS));
  const hasProblem = (n: number) => n % problemEvery === problemEvery - 1;
  insertRows(
    database,
    'content',
    count,
    (n) => ({
      title: `Item ${n}: ${WORDS[n % WORDS.length]} news${n % 50 === 7 ? ` ${SEARCH_WORD}` : ''}`,
      excerpt: `Excerpt of item ${n}: ${WORDS[(n + 3) % WORDS.length]} and ${WORDS[(n + 5) % WORDS.length]} for students this semester.`,
      body: `<p>Body of item ${n}.</p><p>${faqAnswer(n).slice(0, 200)}</p>${hasProblem(n) ? FLAWED_PARAGRAPH : ''}`,
    }),
    // kept current, so that only the items given a problem show one in the site's health
    (n) => new Date(recentStart + n * 1_000).toISOString(),
  );
}

/**
 * A data folder migrated by the server's own migrations, with the first user created as the server
 * does; answers its SQLite file opened for bulk inserts (the caller closes it).
 */
export async function migratedDataFolder(
  dataDir: string,
  admin: { username: string; password: string },
): Promise<SqliteDatabase.Database> {
  const config = { ...loadConfig({}), dataDir, adminUsername: admin.username, adminPassword: admin.password };
  const db = await openDatabase(config);
  try {
    await migrateToLatest(db);
    await ensureFirstUser(db, config, () => {});
  } finally {
    await db.destroy();
  }
  const database = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
  database.pragma('journal_mode = WAL');
  return database;
}

/**
 * The work a server does once, at its first start on data written before it: the records' checks (in the background),
 * the move of pasted images out of the records (reading every record) and the default language's row (named through
 * Intl.DisplayNames, which loads ICU's tables of names). A data folder in use had them done long ago; left to the
 * bench's server, they ran while it was measured, and the idle RSS taken after its first start was 20 to 40 MB above a
 * warm start's.
 */
export async function doFirstStartWork(dataDir: string): Promise<void> {
  const config = { ...loadConfig({}), dataDir };
  const db = await openDatabase(config);
  try {
    await recheckRecordsIfNeeded(db);
    await movePastedImagesAtStart(db, config, () => {});
    await ensureDefaultLocale(db, config.defaultLocale, new Date().toISOString());
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh data folder as a fund would have after years of use: migrated by the server's own
 * migrations, the first user created as the server does, then filled in bulk straight into SQLite
 * (one transaction, prepared statements) because a million writes through the API would take hours.
 */
export async function seedDataFolder(
  dataDir: string,
  admin: { username: string; password: string },
  scale: Scale,
): Promise<void> {
  const database = await migratedDataFolder(dataDir, admin);
  const start = Date.UTC(2019, 0, 1);
  const at = (n: number) => new Date(start + n * 60_000).toISOString();
  database.transaction(() => {
    insertRows(
      database,
      'faqs',
      scale.faqs,
      (n) => ({ title: `How does ${WORDS[n % WORDS.length]} question ${n} work?`, description: faqAnswer(n) }),
      at,
    );
    insertLanguage(database, 'faqs', scale.faqs, (n) => ({
      title: `Comment fonctionne la question ${n} ?`,
      description: faqAnswer(n).replaceAll('Answer', 'Réponse'),
    }));
    insertRows(
      database,
      'heroes',
      1,
      () => ({
        title: 'Study now, repay when you earn',
        description: faqAnswer(1),
        button1: 'Apply',
        button2: 'Learn more',
        image: null,
      }),
      at,
    );
    insertRows(
      database,
      'messages',
      scale.messages,
      (n) => ({
        sender: `Sender ${n}`,
        recipient: `Office ${n % 40}`,
        message: `<p>Message ${n} about ${WORDS[n % WORDS.length]}.</p>`,
      }),
      at,
    );
    insertLanguage(database, 'messages', scale.messages, (n) => ({ message: `<p>Message ${n} en français.</p>` }));
    insertContentItems(database, scale.content);
    insertContentTranslations(database, scale.content);
    const revision = database.prepare(
      'insert into revisions (section, record_id, action, version, record, username, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let n = 0; n < (scale.revisions ?? 0); n++) {
      const stamp = at(n);
      revision.run(
        'faqs',
        1,
        'update',
        n + 1,
        JSON.stringify({
          id: 1,
          title: `How does question ${n} work?`,
          description: faqAnswer(n),
          created_at: at(0),
          updated_at: stamp,
        }),
        admin.username,
        stamp,
      );
    }
    const log = database.prepare(
      'insert into logs (action, content, section, record_id, username, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    const actions = ['create', 'update', 'delete'] as const;
    for (let n = 0; n < scale.logs; n++) {
      const stamp = new Date(start + n * 1_000).toISOString();
      log.run(
        actions[n % 3],
        `Content item "Item ${n % 100_000}" ${actions[n % 3]}d`,
        'content',
        n % 100_000,
        admin.username,
        stamp,
        stamp,
      );
    }
  })();
  database.pragma('wal_checkpoint(TRUNCATE)');
  database.close();
  await doFirstStartWork(dataDir);
}
