import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '@bursary/shared/png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type RunningBursary, startBursary } from '../scripts/bursary-server.ts';

/**
 * The client as a website elsewhere gets it: `npm pack`, `npm install` of the tarball in an empty folder, the
 * README's examples compiled there under strict settings (no @types/node), and the first run against a real server.
 * And as the repository's own workspaces get it: from its sources, with nothing built.
 */

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const TSC = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
const NPM = process.env.npm_execpath?.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(command: string[], cwd: string) {
  const [file, ...args] = command as [string, ...string[]];
  const done = spawnSync(file, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return { status: done.status, stdout: done.stdout, output: `${done.stdout}${done.stderr}` };
}

/** Each compile reads the DOM's and the libraries' declarations in full (skipLibCheck off): slow on a busy machine. */
const COMPILING = 180_000;

/** The ```ts blocks of the README, each a file of its own. */
const examples = () =>
  [...readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

const STRICT = {
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noPropertyAccessFromIndexSignature: true,
    skipLibCheck: false,
    types: [],
    outDir: 'out',
  },
};

let site: string;
let packed: { files: { path: string }[] };
let bursary: RunningBursary;

beforeAll(async () => {
  bursary = await startBursary();
  site = mkdtempSync(join(tmpdir(), 'bursary-site-'));
  const manifestBefore = readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8');
  const pack = run([...NPM, 'pack', '--json', '--pack-destination', site], PACKAGE_DIR);
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.output}`);
  // npm's --json answer, between the lines its prepack and postpack scripts print
  const json = pack.stdout.slice(pack.stdout.indexOf('[\n'), pack.stdout.lastIndexOf('\n]') + 2);
  packed = (JSON.parse(json) as (typeof packed)[])[0]!;
  expect(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'), 'package.json is put back after packing').toBe(
    manifestBefore,
  );
  writeFileSync(join(site, 'package.json'), JSON.stringify({ name: 'site', private: true, type: 'module' }));
  const install = run(
    [...NPM, 'install', '--no-audit', '--no-fund', '--prefer-offline', './bursary-client-1.0.0.tgz'],
    site,
  );
  if (install.status !== 0) throw new Error(`npm install failed: ${install.output}`);
}, 180_000);

afterAll(async () => {
  if (site) rmSync(site, { recursive: true, force: true });
  await bursary?.stop();
});

describe('the packed client', () => {
  it('holds the built modules, their declarations and the README, and names them in exports', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'README.md', 'package.json']));
    expect(paths.filter((path) => path.startsWith('src/') || path.startsWith('test/'))).toEqual([]);
    const installed = JSON.parse(readFileSync(join(site, 'node_modules/@bursary/client/package.json'), 'utf8')) as {
      exports: unknown;
    };
    expect(installed.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
  });

  it(
    'compiles every README example under strict settings, without @types/node, and refuses what is wrong',
    () => {
      const files = examples().map((code, i) => {
        writeFileSync(join(site, `example-${i}.ts`), code);
        return `example-${i}.ts`;
      });
      expect(files.length).toBeGreaterThanOrEqual(4);
      writeFileSync(join(site, 'tsconfig.json'), JSON.stringify({ ...STRICT, files }));
      const compiled = run([process.execPath, TSC, '-p', '.'], site);
      expect(compiled.output).toBe('');
      expect(compiled.status).toBe(0);
      // the same settings catch a null not handled, a staff field, and a field that is not an image
      writeFileSync(
        join(site, 'wrong.ts'),
        `import { createBursaryClient } from '@bursary/client';
const bursary = createBursaryClient({ baseUrl: 'https://cms.fund.example' });
const [faq] = await bursary.list('faqs');
const [story] = await bursary.list('success-stories');
export const a = faq?.title.toUpperCase();
export const b = faq?.status;
export const c = story && bursary.image(story, 'student_name', { widths: [320], sizes: '100vw' });
`,
      );
      writeFileSync(join(site, 'tsconfig.wrong.json'), JSON.stringify({ ...STRICT, files: ['wrong.ts'] }));
      const refused = run([process.execPath, TSC, '-p', 'tsconfig.wrong.json'], site);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toMatch(/wrong\.ts\(5,[^)]*\): error TS18047: 'faq\.title' is possibly 'null'/);
      expect(refused.output).toMatch(/wrong\.ts\(6,[^)]*\): error TS2339: Property 'status' does not exist/);
      expect(refused.output).toMatch(/wrong\.ts\(7,[^)]*\): error TS2345: Argument of type '"student_name"'/);
    },
    COMPILING,
  );

  it(
    'runs the first README example, built, from the installed package against a real server',
    async () => {
      const login = await fetch(`${bursary.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const send = (method: string, path: string, body: unknown) =>
        fetch(`${bursary.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          },
          body: body instanceof FormData ? body : JSON.stringify(body),
        });
      await send('POST', '/api/locales', { code: 'fr' });
      await send('PATCH', '/api/locales/fr', { public: true });
      await send('POST', '/api/faqs', { title: 'How do I apply?', description: '<p>Online.</p>' });
      const form = new FormData();
      form.set('student_name', 'Amina');
      form.set('date', '2026-09-01');
      form.set(
        'image',
        new Blob([new Uint8Array(encodePng(700, 10, () => [0, 80, 160]))], { type: 'image/png' }),
        'a.png',
      );
      expect((await send('POST', '/api/success-stories', form)).status).toBe(201);

      writeFileSync(join(site, 'page.ts'), examples()[0]!.replace('https://cms.fund.example', bursary.url));
      writeFileSync(join(site, 'tsconfig.page.json'), JSON.stringify({ ...STRICT, files: ['page.ts'] }));
      const built = run([process.execPath, TSC, '-p', 'tsconfig.page.json'], site);
      expect(built.output).toBe('');
      const shown = run(
        [process.execPath, '--input-type=module', '-e', 'console.log((await import("./out/page.js")).page)'],
        site,
      );
      expect(shown.status, shown.output).toBe(0);
      expect(shown.output).toContain('<summary>How do I apply?</summary><p>Online.</p>');
      expect(shown.output).toMatch(
        new RegExp(`<img src="${bursary.url}/media/[^"]+\\.png" srcset="[^"]+\\?w=320 320w`),
      );
      expect(shown.output).toContain('width="700" height="10"');
      expect(shown.output).toContain('object-position: 50% 50%');
    },
    COMPILING,
  );
});

describe('the client inside this repository', () => {
  it('resolves from a workspace to its TypeScript sources and runs in Node with nothing built', () => {
    const script = `const url = import.meta.resolve('@bursary/client');
const { createBursaryClient } = await import('@bursary/client');
console.log(url, typeof createBursaryClient);`;
    const resolved = run([process.execPath, '--input-type=module', '-e', script], REPO);
    expect(resolved.output.trim()).toBe(`${new URL('src/index.ts', `file://${PACKAGE_DIR}`).href} function`);
  });
});
