import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { sections } from '@bursary/shared';
import type { Config } from './config/config.ts';
import type { Database } from './db/types.ts';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers.ts';
import { requestIdOf } from './lib/logging.ts';
import { requestLogger } from './lib/request-logger.ts';
import authPlugin, { type AuthPluginOptions } from './auth/plugin.ts';
import accountsPlugin from './accounts/plugin.ts';
import mediaPlugin from './media/plugin.ts';
import mediaLibraryRoutes from './media-library/routes.ts';
import compression from './http/compression.ts';
import consolePlugin from './http/console.ts';
import delivery from './http/delivery.ts';
import dbPlugin from './db/plugin.ts';
import errorHandler, { answerFrameworkError } from './http/error-handler.ts';
import metricsPlugin from './operations/metrics.ts';
import backupSchedule from './operations/backup-schedule.ts';
import unknownAddressAnswers from './http/not-found.ts';
import healthRoutes from './operations/health.ts';
import historyRoutes from './history/routes.ts';
import historyRetention from './history/retention-plugin.ts';
import linkChecker from './site-health/link-checker.ts';
import logRoutes from './audit/routes.ts';
import apiDocument from './http/api-document.ts';
import { serverWithFront } from './http/front-server.ts';
import { ListReplay } from './http/list-replay.ts';
import listReplayPlugin from './http/list-replay-plugin.ts';
import sectionRoutes from './records/routes.ts';
import type { ChangeGate } from './records/change-gate.ts';
import { changePipeline } from './change-pipeline.ts';
import localesPlugin from './locales/plugin.ts';
import { removeLanguageTranslations } from './records/translation-removal.ts';
import webhooksPlugin, { type WebhookOptions } from './webhooks/plugin.ts';
import publishingPlugin, { type PublishingOptions } from './publishing/plugin.ts';
import publishingRecordRoutes from './publishing/record-routes.ts';
import siteHealthRoutes from './site-health/routes.ts';
import { lastBackupAt } from './backup/backup-state.ts';

interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the closed-by-default test and the API description. */
    routeTable: readonly RouteEntry[];
  }
}

export interface AppOptions {
  config: Config;
  /** A migrated database; the app closes it when it closes. */
  db: Kysely<Database>;
  logger?: FastifyServerOptions['logger'];
  /** Passed to the auth plugin (tests move its clock). */
  auth?: AuthPluginOptions;
  /** One log line per request (JSON logs); off for a terminal. */
  requestLogging?: boolean;
  /** Passed to the webhooks plugin (tests move its clock, shorten its pauses, or run the worker themselves). */
  webhooks?: WebhookOptions;
  /** Passed to the publishing plugin (tests slow scheduled actions). */
  publishing?: PublishingOptions;
  /** Decides whether each change may be stored; by default every one may (tests refuse them all). */
  changeGate?: ChangeGate;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify ignores a bare hop count (it cannot tell whether the
 * nearest peer is a proxy at all), so a count becomes that rule written out: the nearest `hops`
 * addresses are proxies, and the client is the one they forwarded for (README: only when
 * Bursary cannot be reached except through them).
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Builds the whole server as Fastify plugins: framework plugins, then cross-cutting ones, then
 * routes. It never listens (server.ts does), so tests run the real app through inject().
 */
export async function buildApp({
  config,
  db,
  logger = false,
  auth = {},
  requestLogging = true,
  webhooks = {},
  publishing = {},
  changeGate,
}: AppOptions): Promise<FastifyInstance> {
  // the website's plain list reads, answered again before Fastify while their data stands (http/list-replay.ts)
  const replay = new ListReplay();
  const app = Fastify({
    // With a server of its own, Fastify does not add the second address HOST=localhost stands for (127.0.0.1 and
    // ::1): there the server stays Fastify's, without the replay.
    ...(config.host === 'localhost' ? {} : { serverFactory: serverWithFront(replay.answer) }),
    logger,
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    genReqId: requestIdOf,
    // without a logger Fastify hands every request the silent logger itself, which needs no factory
    ...(logger ? { childLoggerFactory: requestLogger } : {}),
    bodyLimit: config.bodyMaxBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    // the spec's clients send /sub-edit/ with a trailing slash
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: lazySchemaCompilers },
  });
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  const changes = changePipeline(changeGate);
  app.decorate('changePipeline', changes);

  // JSON and multipart only: a text/plain body is refused with 415 instead of reaching a handler
  app.removeContentTypeParser('text/plain');
  await app.register(dbPlugin, { db, config });
  await app.register(listReplayPlugin, { replay, requestLogging });
  await app.register(errorHandler);
  await app.register(multipart, {
    limits: {
      fileSize: config.mediaMaxBytes,
      files: 4,
      fields: 60,
      parts: 64,
      fieldSize: config.bodyMaxBytes,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    // the id of this request in the logs, for an operator matching a complaint to a log line
    void reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  // before every route, so a preflight is answered before any route's own hooks ask for a token
  await app.register(delivery);
  // before every route: it collects each route's API declaration as the route is added
  await app.register(apiDocument);
  await app.register(authPlugin, auth);
  await app.register(accountsPlugin);
  await app.register(mediaPlugin);
  await app.register(mediaLibraryRoutes);
  await app.register(healthRoutes);
  await app.register(metricsPlugin);
  await app.register(backupSchedule);
  await app.register(historyRetention);
  await app.register(linkChecker);
  await app.register(logRoutes);
  await app.register(historyRoutes);
  await app.register(webhooksPlugin, webhooks);
  await app.register(localesPlugin, {
    removeTranslations: (trx, code, username, now) => removeLanguageTranslations(trx, { username, changes }, code, now),
  });
  for (const section of sections)
    await app.register(sectionRoutes, {
      prefix: `/api/${section.slug}`,
      section,
      extensions: [publishingRecordRoutes],
    });
  await app.register(publishingPlugin, publishing);
  await app.register(siteHealthRoutes, { lastBackupAt: () => lastBackupAt(db as Kysely<unknown>) });
  await app.register(consolePlugin);
  await app.register(unknownAddressAnswers);
  // last, so it sees each answer as the other onSend hooks leave it
  await app.register(compression);
  return app;
}
