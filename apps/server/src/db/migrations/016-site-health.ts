import type { Kysely } from 'kysely';

/**
 * - `site_health_records`: the problems found in one record's published content and its pending changes, written
 * in the transaction of every change to it, so reading the site's health reads stored results instead of parsing
 *   every record's HTML. Only records with problems have a row.
 * - `record_links`: the external links of each record's published content and pending changes, kept the same way:
 *   what the link checker checks, and where a broken link is shown.
 * - `link_checks`: one row per external address, when it is next due, who is checking it (a lease, so several
 *   instances check each address once) and what the last checks found: broken after failing on two days.
 *
 * All three are derived from the content or from other servers' answers: a backup leaves them out and the server
 * finds them again (after a restore, or when its checks change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_health_records')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** JSON: [{check, severity, field, message}]. */
    .addColumn('problems', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_health_records_pk', ['section', 'record_id'])
    .execute();

  await db.schema
    .createTable('record_links')
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_links_pk', ['section', 'record_id', 'field', 'url'])
    .execute();
  // which records show a broken address, and which addresses are still used at all
  await db.schema.createIndex('record_links_url').on('record_links').column('url').execute();

  await db.schema
    .createTable('link_checks')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('status', 'integer')
    .addColumn('error', 'text')
    /** Days in a row on which the address failed; two make it broken. */
    .addColumn('failed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_on', 'text')
    .addColumn('broken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('link_checks_due').on('link_checks').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_checks').execute();
  await db.schema.dropTable('record_links').execute();
  await db.schema.dropTable('site_health_records').execute();
}
