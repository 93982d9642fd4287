import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './lib/start-server.ts';

/** `npm start`: reads the environment (DESIGN.md 3), migrates, and serves the API and the console. */
try {
  await startServer(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(`Bursary could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
