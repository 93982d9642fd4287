import type { Migration } from 'kysely/migration';
import * as coreTables from './001-core-tables.ts';
import * as sectionTables from './002-section-tables.ts';
import * as changeCounters from './003-change-counters.ts';
import * as loginAttempts from './004-login-attempts.ts';
import * as revisions from './005-revisions.ts';
import * as rolesAndTwoFactor from './006-roles-and-two-factor.ts';
import * as sessionDevices from './007-session-devices.ts';
import * as logsBySection from './008-logs-by-section.ts';
import * as throttleDevices from './009-throttle-devices.ts';
import * as publishing from './010-publishing.ts';
import * as webhooks from './013-webhooks.ts';
import * as mediaVariants from './014-media-variants.ts';
import * as mediaLibrary from './015-media-library.ts';
import * as siteHealth from './016-site-health.ts';
import * as mediaFileNames from './017-media-file-names.ts';
import * as languages from './018-languages.ts';
import * as searchIndexes from './019-search-indexes.ts';
import * as pendingTranslations from './020-pending-translations.ts';
import * as translationSearch from './021-translation-search.ts';
import * as mediaAltPerLanguage from './022-media-alt-per-language.ts';
import * as translationSources from './023-translation-sources.ts';
import * as animationFrameSizes from './024-animation-frame-sizes.ts';

/** Every migration, in order. Names never change once released: they are the ledger's keys. */
export const migrations: Record<string, Migration> = {
  '001-core-tables': coreTables,
  '002-section-tables': sectionTables,
  '003-change-counters': changeCounters,
  '004-login-attempts': loginAttempts,
  '005-revisions': revisions,
  '006-roles-and-two-factor': rolesAndTwoFactor,
  '007-session-devices': sessionDevices,
  '008-logs-by-section': logsBySection,
  '009-throttle-devices': throttleDevices,
  '010-publishing': publishing,
  '013-webhooks': webhooks,
  '014-media-variants': mediaVariants,
  '015-media-library': mediaLibrary,
  '016-site-health': siteHealth,
  '017-media-file-names': mediaFileNames,
  '018-languages': languages,
  '019-search-indexes': searchIndexes,
  '020-pending-translations': pendingTranslations,
  '021-translation-search': translationSearch,
  '022-media-alt-per-language': mediaAltPerLanguage,
  '023-translation-sources': translationSources,
  '024-animation-frame-sizes': animationFrameSizes,
};
