// `npm run start -w apps/website`: the fund's website, reading Bursary at BURSARY_URL, on HOST:WEBSITE_PORT.
import type { AddressInfo } from 'node:net';
import { loadWebsiteConfig, WebsiteConfigError } from './config.ts';
import { createWebsite } from './website-server.ts';

const log = (line: string) => console.log(line);

try {
  const config = loadWebsiteConfig(process.env);
  const website = await createWebsite(config, log);
  const { port } = website.server.address() as AddressInfo;
  log(
    `The website is running at http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port} (content from ${config.bursaryUrl})`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void website.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} catch (error) {
  if (error instanceof WebsiteConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(`The website could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
