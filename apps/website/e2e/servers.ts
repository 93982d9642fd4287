import type { AddressInfo } from 'node:net';
import { loadWebsiteConfig } from '../server/config.ts';
import { createWebsite } from '../server/website-server.ts';
import { buildWebsite, startDemoBursary } from '../support/demo.ts';

/**
 * Bursary with the demo's content and the website reading it, for the whole run; both are stopped by the function
 * answered.
 */
export default async function servers(): Promise<() => Promise<void>> {
  buildWebsite();
  const bursary = await startDemoBursary();
  const config = { ...loadWebsiteConfig({ BURSARY_URL: bursary.url, WEBSITE_NAME: 'Student Loans Fund' }), port: 0 };
  const website = await createWebsite(config, (line) => console.log(line));
  while (website.store.version === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const { port } = website.server.address() as AddressInfo;
  process.env.WEBSITE_E2E_URL = `http://127.0.0.1:${port}`;
  return async () => {
    await website.close();
    await bursary.stop();
  };
}
