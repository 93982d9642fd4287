import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/rich-text/off-thread.ts';
import { keepFindings, parseEveryTag, parseRichText, readRichText } from '../../src/rich-text/findings.ts';
import { loadHtmlParser } from '../../src/rich-text/html-parser.ts';

// the site-health checks read rich text once the parser is loaded, as a write's transaction loads it before opening
beforeAll(() => loadHtmlParser());

/** Beyond the length cleaned on the event loop. */
const LONG = `<p>${'Loans are repaid over ten years. '.repeat(700)}<a href="http://fund.example/apply">here</a></p>`;

/** Each thread of this process by name, with its nice value (Linux). */
function threads(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((task) => {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(), nice: Number(fields[16]) }];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

describe('long rich text, cleaned off the event loop', () => {
  it('comes back with what the site-health checks read of it, taken once by the write that stores it', async () => {
    const clean = await sanitizeRichText(LONG, 'description');
    const kept = readRichText(clean);
    expect(kept).toEqual(parseRichText(clean));
    expect(kept.links).toEqual([{ href: 'http://fund.example/apply', text: 'here' }]);
  });

  it('hands kept findings once, and keeps only the last few texts', () => {
    const marked = (n: number) => ({ headings: [n], links: [], images: [] });
    for (let n = 0; n < 6; n++) keepFindings(`<p>text ${n}</p>`, marked(n));
    // the two oldest were pushed out: read again here
    expect(readRichText('<p>text 0</p>')).toEqual(parseRichText('<p>text 0</p>'));
    expect(readRichText('<p>text 1</p>').headings).toEqual([]);
    for (let n = 2; n < 6; n++) expect(readRichText(`<p>text ${n}</p>`)).toEqual(marked(n));
    // taken: a second read parses
    expect(readRichText('<p>text 5</p>')).toEqual(parseRichText('<p>text 5</p>'));
  });

  it.runIf(process.platform === 'linux')('cleans in a thread below the event loop’s priority', async () => {
    await sanitizeRichText(LONG, 'description');
    const main = threads().find((thread) => thread.name === 'MainThread');
    const workers = threads().filter((thread) => thread.name === 'WorkerThread');
    expect(workers.length).toBeGreaterThan(0);
    // vitest's own worker threads keep theirs; the cleaner's is the one lowered
    expect(Math.max(...workers.map((worker) => worker.nice))).toBeGreaterThan(main?.nice ?? 0);
  });
});

/** Pieces of markup: the tags findings come from, in any case and however their names end, and near misses. */
const markup = [
  '<p>',
  '</p>',
  '<a href="http://fund.example/x">',
  '<A HREF=y>',
  '<a/>',
  '<a\n',
  '</a>',
  '<abbr>',
  '<img src="/media/x.png" alt="x">',
  '<IMG/>',
  '<image>',
  '<h2>',
  '<H3 class=x>',
  '<h7>',
  '<hr>',
  '<!-- <a href=z> -->',
  '<svg><image href=x></svg>',
  '<title><a href=t></title>',
  '<textarea><img src=q></textarea>',
  '<Image\tsrc=w>',
  '&lt;a href&gt;',
  'text ',
  '<',
  '<a',
];

describe('the site-health findings of rich text', () => {
  it('are what a whole parse finds, whether the text holds a tag they come from or not', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...markup), { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        expect(parseRichText(html)).toEqual(parseEveryTag(html));
      }),
      { numRuns: 500 },
    );
  });
});
