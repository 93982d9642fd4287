import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const src = (path: string) => new URL(`../../src/${path}`, import.meta.url).href;

/**
 * The parsers load on the first rich-text write, not at start-up (rich-text/sanitize.ts), and
 * sanitize-html require()s htmlparser2, which Node refuses while an import of it is still under way.
 * A process that has loaded neither is needed to see the order, so each case runs in one of its own.
 */
function inFreshProcess(script: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const cleanOnce = `
  const { richTextSanitizer } = await import(${JSON.stringify(src('rich-text/sanitize.ts'))});
  const clean = () => richTextSanitizer().then((sanitize) => sanitize('<p>a <script>x</script><b>b</b></p>', 'answer'));
`;

describe('the first rich-text write of a process', () => {
  it('is cleaned when it is the first thing the process does', () => {
    const run = inFreshProcess(`${cleanOnce}
      console.log(JSON.stringify(await Promise.all([clean(), clean()])));`);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(['<p>a <b>b</b></p>', '<p>a <b>b</b></p>']);
  });

  it('is cleaned while the loader for the site-health checks and the SVG cleaner load htmlparser2 at the same moment', () => {
    const run = inFreshProcess(`${cleanOnce}
      const [, cleaned] = await Promise.all([
        import(${JSON.stringify(src('rich-text/html-parser.ts'))}).then(({ loadHtmlParser }) => loadHtmlParser()),
        clean(),
        import(${JSON.stringify(src('media/svg.ts'))}),
      ]);
      console.log(JSON.stringify(cleaned));`);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toBe('<p>a <b>b</b></p>');
  });
});
