/** What the checks of the whole site need besides the database. */
export interface SiteCheckOptions {
  now: Date;
  staleAfterDays: number;
  backupEveryHours: number;
  lastBackupAt: () => Promise<Date | undefined>;
  /** LINK_CHECK=on: broken external links are reported. */
  linkCheck: boolean;
  /** Administrators also see the checks of the whole installation (backups, accounts, where webhooks send). */
  admin: boolean;
}
