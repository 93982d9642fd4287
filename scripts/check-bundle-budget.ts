// `npm run check:bundle`: the JS each first screen needs, compressed as the
// server sends it, must stay within its budget, and the rich-text editor must not be part of it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

const KB = 1024;
const consoleDir = join(import.meta.dirname, '..', 'apps', 'console');
const distDir = join(consoleDir, 'dist');
const manifestFile = join(distDir, '.vite', 'manifest.json');

/** Each screen: the route module the router loads for it, besides the entry, and its budget. */
const screens = [
  // 121 KB: the entry (the routes and the sections' registry, which now says which fields are translated) grew
  // 27 bytes past 120 KB with languages; the sign-in page itself did not grow
  { name: 'sign-in page', routes: ['src/features/auth/sign-in-page.tsx'], budget: 121 * KB },
  {
    name: 'dashboard',
    routes: ['src/app/query-scope.tsx', 'src/app/signed-in-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    budget: 160 * KB,
  },
];
/** Modules of the editor (Quill and its wrapper), which only rich-text screens may load. */
const EDITOR = /quill|rich-text-editor/i;

execFileSync(process.execPath, [join(import.meta.dirname, 'build-console-if-stale.ts')], { stdio: 'inherit' });
if (!existsSync(manifestFile)) {
  // a build from before the manifest was switched on: build once more
  execFileSync('npm', ['run', 'build', '-w', 'apps/console'], { stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

/** A chunk and everything it imports statically: what the browser fetches before the screen shows. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the console's build manifest: has the route moved?`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

// the server's settings for answers it compresses as they go (brotli quality 4, gzip default); the console's
// files go out as the build compressed them, harder, so these figures stay a little above what is sent
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
const gzip = (bytes: Buffer) => gzipSync(bytes).length;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

const entries = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key]) => key);
let failed = false;
for (const screen of screens) {
  const keys = closure([...entries, ...screen.routes]);
  const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => {
    const bytes = readFileSync(join(distDir, file));
    return { raw: bytes.length, gzip: gzip(bytes), br: brotli(bytes) };
  });
  const total = sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, br: sum.br + s.br }), {
    raw: 0,
    gzip: 0,
    br: 0,
  });
  const editor = [...keys].filter((key) => EDITOR.test(key) || EDITOR.test(manifest[key]?.file ?? ''));
  // a browser without brotli gets gzip, so gzip is what must fit
  const over = total.gzip > screen.budget;
  console.log(
    `${over || editor.length > 0 ? 'FAIL' : 'ok  '}  ${screen.name}: ${files.length} JS files, ${kb(total.gzip)} gzip / ${kb(total.br)} brotli` +
      ` (${kb(total.raw)} raw), budget ${kb(screen.budget)}`,
  );
  if (editor.length > 0) console.log(`      the rich-text editor is loaded up front: ${editor.join(', ')}`);
  failed ||= over || editor.length > 0;
}
if (failed) {
  console.error('A console bundle budget is exceeded.');
  process.exit(1);
}
