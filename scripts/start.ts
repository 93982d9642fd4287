// `npm start` and `npm run demo` after the Node.js check: builds the console if stale, then runs the server package's
// script of the same name (`start` unless the first argument names another; its Node options stay there) and stays its
// parent, handing it the signals that stop it. A nested `npm run` could not: npm runs a script through a shell, and a
// shell killed by SIGTERM leaves its children running, so a process manager's stop would leave the server serving
// (and the demo's throwaway folder behind). For the same reason package.json runs this script with `exec`, so that npm
// passes its signals to this process and not to a shell in between.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const serverDir = join(import.meta.dirname, '..', 'apps', 'server');

// a console served from another folder needs no build of this one
if (!process.env.CONSOLE_DIR) await import('./build-console-if-stale.ts');

const scriptName = process.argv[2] ?? 'start';
const { scripts } = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
  scripts: Record<string, string | undefined>;
};
const script = scripts[scriptName];
if (script === undefined) throw new Error(`the server has no ${scriptName} script`);
const [command, ...args] = script.split(/\s+/).filter(Boolean);
if (command !== 'node') throw new Error(`the server's ${scriptName} script is not a plain node command: ${script}`);

const server = spawn(process.execPath, args, {
  cwd: serverDir,
  stdio: 'inherit',
  // Its own session: a terminal's Ctrl-C and hang-up reach this process only, not the server directly as well.
  detached: true,
  env: {
    ...process.env,
    // A relative DATA_DIR or backup path means the folder the user ran `npm start` (or this script) in.
    INIT_CWD: process.env.INIT_CWD ?? process.cwd(),
    // The server keeps its compiled code between starts (server.ts turns the cache on), but only the environment
    // turns it on before the entry file itself is read: without it, each start strips the entry's types afresh,
    // and the TypeScript stripper then stays loaded, about 20 MB for the life of the process. This is the folder
    // the server's own call would use.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
  },
});

// One Ctrl-C arrives twice, from the terminal and again from npm passing it on. The server takes a second signal as
// "stop waiting" and exits at once, so copies that close together are passed on as one.
const SAME_REQUEST_MS = 500;
let passedAt = -Infinity;
const passOn = (signal: NodeJS.Signals) => {
  if (Date.now() - passedAt < SAME_REQUEST_MS) return;
  passedAt = Date.now();
  // the server has no SIGHUP handler: for it a closed terminal means a graceful stop
  server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, passOn);

server.on('error', (error) => {
  console.error(`Bursary's server could not be started: ${error.message}`);
  process.exit(1);
});
// as a shell reports a child killed by a signal
server.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
