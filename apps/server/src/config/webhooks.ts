import { ConfigError, integer } from './config-values.ts';

/** Where webhooks may be sent, and how often the website hears that something changed. */
export interface WebhooksConfig {
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may reach loopback, private and link-local addresses (private networks, tests). */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_DEBOUNCE_SECONDS: `site.changed` is sent at most once in this many seconds. */
  webhookDebounceSeconds: number;
  /** WEBHOOK_KEEP_DAYS: finished delivery attempts older than this are deleted (each webhook's newest is kept). */
  webhookKeepDays: number;
}

export function webhooksConfig(env: NodeJS.ProcessEnv): WebhooksConfig {
  const raw = (env.WEBHOOK_ALLOW_PRIVATE ?? '').trim().toLowerCase();
  if (raw !== '' && raw !== 'true' && raw !== 'false')
    throw new ConfigError(`WEBHOOK_ALLOW_PRIVATE must be "true" or "false", not "${env.WEBHOOK_ALLOW_PRIVATE}"`);
  return {
    webhookAllowPrivate: raw === 'true',
    webhookDebounceSeconds: integer(env, 'WEBHOOK_DEBOUNCE_SECONDS', 10),
    webhookKeepDays: integer(env, 'WEBHOOK_KEEP_DAYS', 30, 1),
  };
}
