import fp from 'fastify-plugin';
import { startRetention } from './retention.ts';

/** HISTORY_KEEP_DAYS: revisions are kept forever unless it is set; then purged at start and daily. */
export default fp(
  async (app) => {
    if (app.config.historyKeepDays <= 0) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startRetention(app.db, app.config.historyKeepDays, (error) => {
        app.log.error({ err: error }, 'purging old revisions failed; the next daily purge tries again');
      });
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'bursary-history-retention', dependencies: ['bursary-db'] },
);
