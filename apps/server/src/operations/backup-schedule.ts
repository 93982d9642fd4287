import fp from 'fastify-plugin';
import { startBackupSchedule } from '../backup/schedule.ts';

/** Scheduled backups (BACKUP_EVERY_HOURS), off by default; they start once the server is ready. */
export default fp(
  async (app) => {
    if (app.config.backupEveryHours <= 0) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startBackupSchedule(app);
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'bursary-backup-schedule', dependencies: ['bursary-db', 'bursary-metrics'] },
);
