import type { Settings } from '../src/lib/site.ts';

/** The website's environment, read and checked once. */
export interface WebsiteConfig {
  host: string;
  port: number;
  /** Where this process reads Bursary (BURSARY_URL). */
  bursaryUrl: string;
  settings: Settings;
}

export class WebsiteConfigError extends Error {}

function port(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  // 0: any free port, which the start line names
  if (!/^\d+$/.test(raw) || value > 65_535) {
    throw new WebsiteConfigError(`${name} must be a port number from 0 to 65535, not "${raw}"`);
  }
  return value;
}

function origin(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebsiteConfigError(`${name} must be a full http:// or https:// address, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebsiteConfigError(`${name} must start with http:// or https://, not "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** A host to reach a server that listens on every address (0.0.0.0, ::) from this machine. */
const reachable = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

export function loadWebsiteConfig(env: NodeJS.ProcessEnv): WebsiteConfig {
  const host = env.HOST || '127.0.0.1';
  const apiPort = port(env.PORT, 'PORT', 3000);
  const websitePort = port(env.WEBSITE_PORT, 'WEBSITE_PORT', apiPort + 1);
  const hostInUrl = reachable(host).includes(':') ? `[${reachable(host)}]` : reachable(host);
  const bursaryUrl = origin(env.BURSARY_URL || `http://${hostInUrl}:${apiPort}`, 'BURSARY_URL');
  // the address browsers reach Bursary at, for images and for the console that frames previews
  const publicBursary = env.PUBLIC_URL ? origin(env.PUBLIC_URL, 'PUBLIC_URL') : bursaryUrl;
  const name = (env.WEBSITE_NAME ?? '').trim() || 'Bursary Fund';
  const url = origin(env.WEBSITE_URL || `http://${hostInUrl}:${websitePort}`, 'WEBSITE_URL');
  return {
    host,
    port: websitePort,
    bursaryUrl,
    settings: { name, url, mediaBase: publicBursary, consoleOrigin: new URL(publicBursary).origin },
  };
}
