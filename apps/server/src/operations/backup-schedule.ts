import fp from 'fastify-plugin';
import { startBackupSchedule } from '../backup/schedule.ts';

/**
 * Scheduled backups (BACKUP_EVERY_HOURS), off by default; they start once the server is ready. app.ts
 * registers this only when they are on.
 */
export default fp(
  async (app) => {
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
