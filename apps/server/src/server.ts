import { enableCompileCache } from 'node:module';

// Compiled, type-stripped code is kept on disk between starts (NODE_COMPILE_CACHE, else the
// system's temporary folder): a warm start skips compiling and the TypeScript stripper, which
// halves start-up and saves tens of MB. It has to be on before the server's modules load.
enableCompileCache();
const { ConfigError, loadConfig } = await import('./config/config.ts');
const { startServer } = await import('./start-server.ts');

/** `npm start`: reads the environment, migrates, and serves the API and the console. */
try {
  await startServer(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(`Bursary could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
