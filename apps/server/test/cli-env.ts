import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The environment a test gives a command it runs as `npm run …` would (`npm run user`, `backup`, `restore`): only
 * what the command needs, so nothing of the test runner's own environment changes what it does. Compiled code is
 * kept between the runs, as `npm start` keeps it for the server: each run otherwise strips and compiles every
 * module again, about half a second of CPU per command on the suites' hundred runs.
 */
export const cliEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'),
});
