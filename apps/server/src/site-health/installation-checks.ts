import type { SiteHealthProblem } from '@bursary/shared';
import type { Db } from '../db/types.ts';
import type { SiteCheckOptions } from './check-options.ts';

const DAY_MS = 86_400_000;
/** With no backup schedule set, a week without a backup is reported. */
const UNSCHEDULED_BACKUP_DAYS = 7;

/**
 * Webhooks whose last delivery failed, or that Bursary turned off. Only administrators see where a webhook
 * sends; others learn that one is failing and whom to ask.
 */
export async function failingWebhooks(db: Db, { admin }: SiteCheckOptions): Promise<SiteHealthProblem[]> {
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'enabled', 'disabled_reason'])
    .orderBy('id')
    .execute();
  const problems: SiteHealthProblem[] = [];
  for (const hook of hooks) {
    let why: string | undefined;
    if (Number(hook.enabled) === 0) {
      if (hook.disabled_reason === null) continue;
      why = hook.disabled_reason;
    } else {
      const last = await db
        .selectFrom('webhook_deliveries')
        .select(['state', 'error'])
        .where('webhook_id', '=', hook.id)
        .where('state', '!=', 'pending')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last?.state !== 'failed') continue;
      why = `Its last delivery failed: ${last.error ?? 'no answer.'}`;
    }
    problems.push({
      check: 'webhook-failing',
      severity: 'error',
      section: null,
      id: null,
      title: admin ? hook.url : 'A webhook',
      field: null,
      message: admin
        ? `The webhook to ${hook.url} is not reaching the website, which may show old content. ${why} Check the address and the website's receiver on the Webhooks page.`
        : 'A webhook that tells the website about changes is failing, so the website may show old content. Ask an administrator to look at the Webhooks page.',
    });
  }
  return problems;
}

export async function overdueBackup(options: SiteCheckOptions): Promise<SiteHealthProblem[]> {
  const last = await options.lastBackupAt();
  const limitMs =
    options.backupEveryHours > 0 ? 2 * options.backupEveryHours * 3_600_000 : UNSCHEDULED_BACKUP_DAYS * DAY_MS;
  if (last && last.getTime() > 0 && options.now.getTime() - last.getTime() <= limitMs) return [];
  const since =
    last && last.getTime() > 0
      ? `No backup has been made since ${last.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : 'No backup has been made yet';
  const fix =
    options.backupEveryHours > 0
      ? "Scheduled backups are not being made: check the server's log and the backup folder's free space."
      : 'Run npm run backup, or set BACKUP_EVERY_HOURS so the server makes them.';
  return [
    {
      check: 'backup-overdue',
      severity: 'error',
      section: null,
      id: null,
      title: 'Backups',
      field: null,
      message: `${since}, so a mistake or a failed disk could lose the website's content. ${fix}`,
    },
  ];
}

export async function adminsWithoutSecondFactor(db: Db): Promise<SiteHealthProblem[]> {
  const admins = await db
    .selectFrom('users')
    .select('username')
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .where('totp_enabled', '=', 0)
    .orderBy('username')
    .execute();
  return admins.map(({ username }) => ({
    check: 'admin-without-2fa' as const,
    severity: 'warning' as const,
    section: null,
    id: null,
    title: username,
    field: null,
    message: `The administrator "${username}" signs in with a password alone: anyone who learns it can change everything. Ask them to turn on two-factor sign-in on their Account page.`,
  }));
}
