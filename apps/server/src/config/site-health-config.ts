import { ConfigError, integer } from './config-values.ts';

/**
 * STALE_AFTER_DAYS: a published record not changed for this long is reported as worth a look (default a year).
 * LINK_CHECK: `on` checks the external links of published content once a day in the background; off by
 * default, because it sends requests to other people's servers.
 */
export function siteHealthConfig(env: NodeJS.ProcessEnv): { staleAfterDays: number; linkCheck: boolean } {
  const raw = (env.LINK_CHECK ?? '').trim().toLowerCase();
  if (raw !== '' && raw !== 'on' && raw !== 'off')
    throw new ConfigError(`LINK_CHECK must be "on" or "off", not "${env.LINK_CHECK}"`);
  return { staleAfterDays: integer(env, 'STALE_AFTER_DAYS', 365, 1), linkCheck: raw === 'on' };
}
