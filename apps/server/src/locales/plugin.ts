import fp from 'fastify-plugin';
import { retryWhenBusy } from '../db/write-transaction.ts';
import { nowIso } from '../lib/clock.ts';
import { type LocaleCatalogue, localeCatalogue } from './catalogue.ts';
import { registerLocaleRoutes, type TranslationsRemoval } from './routes.ts';
import { ensureDefaultLocale } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The languages, as reads and writes in a language ask for them. */
    locales: LocaleCatalogue;
  }
}

interface LocalesPluginOptions {
  /** How a deleted language's translations go: record by record, as ordinary changes (the records core). */
  removeTranslations: TranslationsRemoval;
}

/** The languages: the default one's row, the catalogue every read in a language asks, and /api/locales. */
export default fp<LocalesPluginOptions>(
  async (app, { removeTranslations }) => {
    await retryWhenBusy(() => ensureDefaultLocale(app.db, app.config.defaultLocale, nowIso()));
    app.decorate('locales', localeCatalogue(app.db, app.counters, app.config.defaultLocale));
    registerLocaleRoutes(app, removeTranslations);
  },
  { name: 'bursary-locales', dependencies: ['bursary-db'] },
);
