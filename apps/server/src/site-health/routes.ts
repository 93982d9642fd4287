import type { FastifyPluginAsync } from 'fastify';
import { can, type SiteHealthReport } from '@bursary/shared';
import { requirePermission } from '../auth/permissions.ts';
import { documented } from '../lib/api-doc.ts';
import { readSiteHealth } from './read-report.ts';
import { recheckRecordsIfNeeded } from './recheck.ts';
import { schemas } from './routes-schemas.ts';

interface SiteHealthOptions {
  /** When the last backup was made (the backup domain keeps it). */
  lastBackupAt: () => Promise<Date | undefined>;
}

/** GET /api/site-health: every signed-in role reads it; viewers can fix nothing, but may tell someone who can. */
const siteHealthRoutes: FastifyPluginAsync<SiteHealthOptions> = async (app, { lastBackupAt }) => {
  const auth = requirePermission(app, 'site-health:read');

  // records stored before these checks existed (or checked by older ones) are checked once, in the background,
  // so a large site starts answering at once; each record's own writes keep its results exact from then on
  let recheck: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    recheck = recheckRecordsIfNeeded(app.db).then(
      (checked) => {
        if (checked > 0) app.log.info(`Site health: checked ${checked} records.`);
      },
      (error: unknown) =>
        app.log.error({ err: error }, 'Site health: checking the records failed; it runs again at the next start.'),
    );
  });
  app.addHook('onClose', async () => {
    await recheck;
  });
  const { staleAfterDays, backupEveryHours, linkCheck } = app.config;
  app.get('/api/site-health', documented(schemas.report, auth), async (request): Promise<SiteHealthReport> =>
    readSiteHealth(app.db, {
      now: new Date(),
      staleAfterDays,
      backupEveryHours,
      lastBackupAt,
      linkCheck,
      admin: can(request.user, 'installation:read'),
    }),
  );
};

export default siteHealthRoutes;
