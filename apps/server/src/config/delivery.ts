import { ConfigError, integer } from './config-values.ts';

/** How content reaches the fund's website: which origins may read it, where media lives, how long caches keep it. */
export interface DeliveryConfig {
  /** Origins whose browsers may read public content (CORS_ORIGINS); `*` for any; empty for none. */
  corsOrigins: '*' | string[];
  /** PUBLIC_URL: the address media URLs in answers start with; unset, they stay relative to the server. */
  publicUrl: string | undefined;
  /** Seconds a shared cache may serve a public read without asking again (PUBLIC_CACHE_SECONDS). */
  publicCacheSeconds: number;
}

/** An origin as a browser sends it: scheme, host and an optional port, nothing after. */
function parseOrigin(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // an origin has no path, query, fragment or credentials: anything more is a mistake in the setting
  if (url.origin !== entry.replace(/\/$/, '').toLowerCase() || url.username || url.password) return undefined;
  return url.origin;
}

function corsOrigins(raw: string | undefined): '*' | string[] {
  const value = (raw ?? '').trim();
  if (value === '') return [];
  if (value === '*') return '*';
  return value.split(',').map((entry) => {
    const origin = parseOrigin(entry.trim());
    if (origin === undefined) {
      throw new ConfigError(
        `CORS_ORIGINS must be "*" or origins separated by commas, each a scheme and host with an optional port (e.g. https://fund.example,http://localhost:4321), not "${entry.trim()}"`,
      );
    }
    return origin;
  });
}

function publicUrl(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ConfigError(
      `PUBLIC_URL must be the address the website reaches Bursary at, such as https://cms.fund.example, not "${value}"`,
    );
  }
  return url.href.replace(/\/$/, '');
}

export function deliveryConfig(env: NodeJS.ProcessEnv): DeliveryConfig {
  return {
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    publicUrl: publicUrl(env.PUBLIC_URL),
    publicCacheSeconds: integer(env, 'PUBLIC_CACHE_SECONDS', 60),
  };
}
