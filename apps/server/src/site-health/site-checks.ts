import { findSection, sections, type SectionDef, type SiteHealthProblem } from '@bursary/shared';
import { sql } from 'kysely';
import type { Db } from '../db/types.ts';
import { columnOf, tableOf } from '../db/naming.ts';
import { readableTitle } from '../audit/log-writes.ts';
import type { SiteCheckOptions } from './check-options.ts';
import { imagesWithoutAlt } from './image-alt-check.ts';
import { adminsWithoutSecondFactor, failingWebhooks, overdueBackup } from './installation-checks.ts';

const DAY_MS = 86_400_000;
/** Changes waiting longer than this are reported: two weeks is long enough for any review. */
const DRAFT_WAITING_DAYS = 14;

const day = (iso: string) => iso.slice(0, 10);
const daysSince = (iso: string, now: Date) => Math.floor((now.getTime() - Date.parse(iso)) / DAY_MS);
const textOf = readableTitle;

/** A single-record section with no published record leaves its part of the website empty. */
async function emptySections(db: Db): Promise<SiteHealthProblem[]> {
  const problems: SiteHealthProblem[] = [];
  for (const section of sections.filter((s) => s.kind === 'single')) {
    const row = await db
      .selectFrom(tableOf(section) as 'users')
      .select(sql<number>`1`.as('one'))
      .where(sql.ref('status'), '=', 'published')
      .limit(1)
      .executeTakeFirst();
    if (row) continue;
    problems.push({
      check: 'empty-section',
      severity: 'warning',
      section: section.slug,
      id: null,
      title: section.label,
      field: null,
      message: `The ${section.label} section has nothing published, so this part of the website is empty. Write its content and publish it.`,
    });
  }
  return problems;
}

/** Published records nobody has changed for STALE_AFTER_DAYS (an index on status and updated_at answers it). */
async function staleRecords(db: Db, { now, staleAfterDays }: SiteCheckOptions): Promise<SiteHealthProblem[]> {
  const cutoff = new Date(now.getTime() - staleAfterDays * DAY_MS).toISOString();
  const problems: SiteHealthProblem[] = [];
  for (const section of sections) {
    const rows = await sql<{ id: number | string; title: unknown; updated_at: string }>`
      select id, ${sql.ref(columnOf(section.titleField))} as title, updated_at from ${sql.table(tableOf(section))}
      where status = 'published' and updated_at < ${cutoff} order by id`.execute(db);
    for (const row of rows.rows)
      problems.push({
        check: 'stale-content',
        severity: 'notice',
        section: section.slug,
        id: Number(row.id),
        title: textOf(row.title),
        field: null,
        message: `This ${section.singular} has not changed since ${day(row.updated_at)} (${daysSince(row.updated_at, now)} days). Check that it is still right, and update it.`,
      });
  }
  return problems;
}

/** Pending changes left unpublished for two weeks: forgotten work, or a review that never came. */
async function waitingChanges(db: Db, { now }: SiteCheckOptions): Promise<SiteHealthProblem[]> {
  const cutoff = new Date(now.getTime() - DRAFT_WAITING_DAYS * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('pending_changes')
    .select(['section', 'record_id', 'record', 'updated_at'])
    .where('updated_at', '<', cutoff)
    .orderBy('updated_at')
    .execute();
  return rows.flatMap((row) => {
    const section = findSection(row.section);
    if (!section) return [];
    const record = JSON.parse(row.record) as Record<string, unknown>;
    return [
      {
        check: 'draft-waiting' as const,
        severity: 'notice' as const,
        section: section.slug,
        id: Number(row.record_id),
        title: textOf(record[section.titleField]),
        field: null,
        message: `Changes to this ${section.singular} have waited ${daysSince(row.updated_at, now)} days without being published. Publish them, or discard them if they are no longer wanted.`,
      },
    ];
  });
}

async function recordTitle(db: Db, section: SectionDef, id: number): Promise<string> {
  const { rows } = await sql<{ title: unknown }>`select ${sql.ref(columnOf(section.titleField))} as title
    from ${sql.table(tableOf(section))} where id = ${id}`.execute(db);
  return textOf(rows[0]?.title);
}

/** A record's latest schedule that failed: a later schedule, done or waiting, means someone has dealt with it. */
async function failedSchedules(db: Db): Promise<SiteHealthProblem[]> {
  const rows = await db
    .selectFrom('schedules as s')
    .select(['s.section', 's.record_id', 's.action', 's.due_at', 's.reason'])
    .where('s.state', '=', 'failed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('schedules as later')
            .select(sql`1`.as('one'))
            .whereRef('later.section', '=', 's.section')
            .whereRef('later.record_id', '=', 's.record_id')
            .whereRef('later.id', '>', 's.id'),
        ),
      ),
    )
    .orderBy('s.id')
    .execute();
  const problems: SiteHealthProblem[] = [];
  for (const row of rows) {
    const section = findSection(row.section);
    if (!section) continue;
    const id = Number(row.record_id);
    problems.push({
      check: 'schedule-failed',
      severity: 'error',
      section: section.slug,
      id,
      title: await recordTitle(db, section, id),
      field: null,
      message: `The ${row.action} of this ${section.singular} scheduled for ${row.due_at.slice(0, 16).replace('T', ' ')} UTC did not happen: ${row.reason ?? 'it failed.'} Fix what it says, then ${row.action} it or schedule it again.`,
    });
  }
  return problems;
}

/** The checks of the whole site, made when asked: each is one small query on indexed or short tables. */
export async function siteProblems(db: Db, options: SiteCheckOptions): Promise<SiteHealthProblem[]> {
  const found = [
    await imagesWithoutAlt(db),
    await emptySections(db),
    await staleRecords(db, options),
    await waitingChanges(db, options),
    await failedSchedules(db),
    await failingWebhooks(db, options),
  ];
  if (options.admin) found.push(await overdueBackup(options), await adminsWithoutSecondFactor(db));
  return found.flat();
}
