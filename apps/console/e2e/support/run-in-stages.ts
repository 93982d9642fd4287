// `npm run test:e2e`: the browser suite's projects in the order their dependencies give (desktop, then mobile,
// then the seed, the screen tours, the audit log and the security checks), one Playwright run per stage against
// one server. Playwright itself skips every project after one whose tests failed; run stage by stage, a failure
// in one stage leaves the later stages to run and report. Arguments are handed to every stage
// (`npm run test:e2e -- e2e/faqs.spec.ts`); a stage that has none of the tests asked for passes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import config from '../../playwright.config.ts';
import { BASE_URL } from './env.ts';

const consoleDir = join(import.meta.dirname, '..', '..');
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const SERVER_START_MS = 240_000;

/** The projects in stages: each stage holds the projects whose dependencies all ran in an earlier stage. */
function stagesOf(projects: readonly { name?: string; dependencies?: string[] }[]): string[][] {
  const placed = new Set<string>();
  const stages: string[][] = [];
  let left = projects.map((project) => ({ name: project.name ?? '', dependencies: project.dependencies ?? [] }));
  while (left.length > 0) {
    const ready = left.filter((project) => project.dependencies.every((name) => placed.has(name)));
    if (ready.length === 0) throw new Error(`The projects' dependencies form a cycle: ${left.map((p) => p.name)}`);
    stages.push(ready.map((project) => project.name));
    for (const project of ready) placed.add(project.name);
    left = left.filter((project) => !placed.has(project.name));
  }
  return stages;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: consoleDir, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function waitForServer(server: ChildProcess): Promise<void> {
  const until = Date.now() + SERVER_START_MS;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The test server stopped (exit code ${server.exitCode})`);
    const up = await fetch(`${BASE_URL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`The test server did not answer at ${BASE_URL} within ${SERVER_START_MS / 1000} s`);
}

async function main(): Promise<number> {
  // a server left running on the port would be tested in place of this checkout's
  const taken = await fetch(`${BASE_URL}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) {
    console.error(`Something already answers at ${BASE_URL}: stop it or pick another E2E_PORT.`);
    return 1;
  }
  const server = spawn(process.execPath, [join(consoleDir, 'e2e', 'support', 'start-server.ts')], {
    cwd: consoleDir,
    stdio: 'inherit',
  });
  const stopped = new Promise((resolve) => server.on('exit', resolve));
  let failed = 0;
  try {
    await waitForServer(server);
    const stages = stagesOf(config.projects ?? []);
    for (const [index, projects] of stages.entries()) {
      console.log(`\n--- browser tests, stage ${index + 1} of ${stages.length}: ${projects.join(', ')}`);
      const code = await run(
        [
          playwrightCli,
          'test',
          '--no-deps',
          '--pass-with-no-tests',
          ...projects.map((name) => `--project=${name}`),
          ...process.argv.slice(2),
        ],
        { ...process.env, E2E_SERVER_STARTED: 'true', E2E_REPORT_NAME: `playwright-${index + 1}-${projects[0]}` },
      );
      if (code !== 0) failed += 1;
    }
  } finally {
    server.kill('SIGTERM');
    await stopped;
  }
  if (failed > 0) console.error(`\n${failed} stage(s) of the browser tests failed.`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
