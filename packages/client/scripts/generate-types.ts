import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, apiDocument, apiTypes } from './api-types.ts';
import { startBursary } from './bursary-server.ts';

/** `npm run generate -w packages/client`: src/api-types.ts made again from this repository's server. */
const server = await startBursary();
try {
  writeFileSync(API_TYPES_FILE, await apiTypes(await apiDocument(server.url)));
  console.info(`Wrote ${API_TYPES_FILE}`);
} finally {
  await server.stop();
}
