import fp from 'fastify-plugin';
import { deleteExpiredPreviewTokens } from '../pending/preview-tokens.ts';
import { startPeriodicTask } from '../lib/periodic-task.ts';
import previewTokenRoutes from './preview-token-routes.ts';
import { scheduledActions } from './schedule-actions.ts';
import scheduleRoutes from './schedule-routes.ts';
import { runDueSchedules } from './schedule-runner.ts';

export interface PublishingOptions {
  /** Runs in each scheduled action's transaction just before it: tests slow it to stop a process midway. */
  beforeScheduledAction?: () => Promise<void>;
}

/** Expired preview tokens are deleted this often; they are refused from the moment they expire either way. */
const SWEEP_MS = 60 * 60_000;

/**
 * Schedules and preview tokens: their routes, the runner that does due schedules (at start-up,
 * for any that came due while the server was down, then every SCHEDULE_CHECK_SECONDS) and the
 * sweep of expired preview tokens.
 */
export default fp<PublishingOptions>(
  async (app, options) => {
    await app.register(scheduleRoutes);
    await app.register(previewTokenRoutes);
    const stops: (() => Promise<void>)[] = [];
    let look: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      const runner = {
        actions: scheduledActions,
        changes: app.changePipeline,
        beforeAction: options.beforeScheduledAction,
        onError: (error: unknown) =>
          app.log.error({ err: error }, 'a scheduled action could not run now; it stays pending and is tried again'),
      };
      stops.push(
        startPeriodicTask(
          // a look that outlasts the interval (thousands due at once) is not joined by a second one
          () => (look ??= runDueSchedules(app.db, runner).finally(() => (look = undefined))),
          app.config.scheduleCheckSeconds * 1000,
          (error) => app.log.error({ err: error }, 'looking for due schedules failed; the next look tries again'),
        ),
        startPeriodicTask(
          () => deleteExpiredPreviewTokens(app.db, new Date()),
          SWEEP_MS,
          (error) =>
            app.log.error({ err: error }, 'deleting expired preview tokens failed; the next sweep tries again'),
        ),
      );
    });
    app.addHook('onClose', async () => {
      await Promise.all(stops.map((stop) => stop()));
    });
  },
  { name: 'bursary-publishing', dependencies: ['bursary-db', 'bursary-auth'] },
);
