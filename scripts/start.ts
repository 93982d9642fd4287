// `npm start` and `npm run demo` after the Node.js check: builds the console and the website if stale, then runs the
// server package's script of the same name (`start` unless the first argument names another; its Node options stay
// there) and the fund's website beside it (unless WEBSITE=off), and stays the parent of both, handing them the signals
// that stop them; when either ends, so does the other. A nested `npm run` could not: npm runs a script through a shell, and a
// shell killed by SIGTERM leaves its children running, so a process manager's stop would leave the server serving
// (and the demo's throwaway folder behind). For the same reason package.json runs this script with `exec`, so that npm
// passes its signals to this process and not to a shell in between.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const serverDir = join(import.meta.dirname, '..', 'apps', 'server');
const websiteDir = join(import.meta.dirname, '..', 'apps', 'website');

/** Where the website listens and reads Bursary, as the website itself reads HOST, PORT and WEBSITE_PORT. */
function websiteAddresses(env: NodeJS.ProcessEnv): { bursaryUrl: string; previewUrl: string } {
  const listening = env.HOST || '127.0.0.1';
  const local = listening === '0.0.0.0' || listening === '::' ? '127.0.0.1' : listening;
  const host = local.includes(':') ? `[${local}]` : local;
  const port = Number(env.PORT || 3000);
  const websitePort = Number(env.WEBSITE_PORT || port + 1);
  const origin = (env.WEBSITE_URL || `http://${host}:${websitePort}`).replace(/\/+$/, '');
  return {
    bursaryUrl: `http://${host}:${port}`,
    previewUrl: `${origin}/preview?token={token}&section={section}&id={id}&locale={locale}`,
  };
}

// a console served from another folder needs no build of this one
if (!process.env.CONSOLE_DIR) await import('./build-console-if-stale.ts');
const withWebsite = process.env.WEBSITE !== 'off';
if (withWebsite) await import('./build-website-if-stale.ts');
const website = withWebsite ? websiteAddresses(process.env) : undefined;

/** The arguments of a workspace's script that is a plain `node …` command, to run with this Node. */
function nodeArguments(dir: string, scriptName: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string | undefined>;
  };
  const script = scripts[scriptName];
  if (script === undefined) throw new Error(`${dir} has no ${scriptName} script`);
  const [command, ...args] = script.split(/\s+/).filter(Boolean);
  if (command !== 'node') throw new Error(`the ${scriptName} script of ${dir} is not a plain node command: ${script}`);
  return args;
}

const args = nodeArguments(serverDir, process.argv[2] ?? 'start');

const server = spawn(process.execPath, args, {
  cwd: serverDir,
  stdio: 'inherit',
  // Its own session: a terminal's Ctrl-C and hang-up reach this process only, not the server directly as well.
  detached: true,
  env: {
    ...process.env,
    // the console's Preview opens the website's preview page, unless the fund's own website has one
    ...(website && !process.env.PREVIEW_URL ? { PREVIEW_URL: website.previewUrl } : {}),
    // A relative DATA_DIR or backup path means the folder the user ran `npm start` (or this script) in.
    INIT_CWD: process.env.INIT_CWD ?? process.cwd(),
    // The server keeps its compiled code between starts (server.ts turns the cache on), but only the environment
    // turns it on before the entry file itself is read: without it, each start strips the entry's types afresh,
    // and the TypeScript stripper then stays loaded, about 20 MB for the life of the process. This is the folder
    // the server's own call would use.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
  },
});

const websiteStart = nodeArguments(websiteDir, 'start');
const children: ChildProcess[] = [server];
if (website) {
  children.push(
    // the Node options of the website's own start script, as for the server
    spawn(process.execPath, websiteStart, {
      cwd: websiteDir,
      stdio: 'inherit',
      detached: true,
      env: {
        ...process.env,
        BURSARY_URL: process.env.BURSARY_URL || website.bursaryUrl,
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
      },
    }),
  );
}

// One Ctrl-C arrives twice, from the terminal and again from npm passing it on. Each process takes a second signal as
// "stop waiting" and exits at once, so copies that close together are passed on as one.
const SAME_REQUEST_MS = 500;
let passedAt = -Infinity;
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
/** The children already asked to stop: one that ends by itself has the others asked once, never again. */
const asked = new Set<ChildProcess>();
const passOn = (signal: NodeJS.Signals) => {
  if (Date.now() - passedAt < SAME_REQUEST_MS) return;
  passedAt = Date.now();
  // neither has a SIGHUP handler: for them a closed terminal means a graceful stop
  for (const child of children.filter(running)) {
    asked.add(child);
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  }
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, passOn);
const stopTheRest = () => {
  for (const child of children.filter((other) => running(other) && !asked.has(other))) {
    asked.add(child);
    child.kill('SIGTERM');
  }
};

let firstExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
for (const [n, child] of children.entries()) {
  const name = n === 0 ? "Bursary's server" : "The fund's website";
  child.on('error', (error) => {
    console.error(`${name} could not be started: ${error.message}`);
    stopTheRest();
    process.exitCode = 1;
  });
  child.on('exit', (code, signal) => {
    // the first to end decides the exit code; the other is stopped, and this process ends once both have
    firstExit ??= { code, signal };
    if (children.some(running)) {
      stopTheRest();
      return;
    }
    // as a shell reports a child killed by a signal
    process.exit(firstExit.code ?? 128 + (firstExit.signal ? constants.signals[firstExit.signal] : 0));
  });
}
