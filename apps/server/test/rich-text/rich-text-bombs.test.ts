import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/lib/errors.ts';
import { richTextSanitizer } from '../../src/rich-text/sanitize.ts';
import { largestRichText, richTextBombs } from '../corpus/rich-text-bombs.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';

const sanitize = await richTextSanitizer();
const TOO_DEEP = 'The rich text is nested too deeply (more than 100 levels).';

/** The sanitiser's answer: the refusal's message, or the cleaned text. */
function outcome(html: string): { refused: string } | { cleaned: string } {
  try {
    return { cleaned: sanitize(html, 'body') };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.status).toBe(400);
    expect(error.fields).toEqual([{ path: 'body', message: error.message }]);
    return { refused: error.message };
  }
}

describe('rich-text bombs', () => {
  it.each(richTextBombs.map((bomb) => [bomb.name, bomb.html]))(
    '%s: refused with a clear message, or cleaned to stable text',
    (_name, html) => {
      const result = outcome(html);
      if ('refused' in result)
        expect(result.refused).toMatch(
          /^The rich text (is nested too deeply|has too many (elements|attributes|styled elements|character references)|has too much inline style) \(more than [\d,]+( levels| characters)?\)\.$/,
        );
      else expect(sanitize(result.cleaned)).toBe(result.cleaned);
    },
  );

  it('refuses the unclosed and mismatched nestings the review sent, however the closing tags hide', () => {
    for (const html of [
      '<b>'.repeat(100_000),
      '<b>'.repeat(200_000),
      '<b></i>'.repeat(101),
      '<b><!--</b>-->'.repeat(101),
      `<svg><title>${'<b>'.repeat(101)}`,
      `${'<em>'.repeat(101)}x${'</em>'.repeat(101)}`,
    ])
      expect(outcome(html)).toEqual({ refused: TOO_DEEP });
  });

  it('keeps nesting up to the bound, void elements and stray closing tags', () => {
    const deepest = `${'<em>'.repeat(100)}x${'</em>'.repeat(100)}`;
    expect(outcome(deepest)).toEqual({ cleaned: deepest });
    const breaks = '<p>a<br />b</p>'.repeat(2_000);
    expect(outcome(breaks)).toEqual({ cleaned: breaks });
    expect(outcome(`${'<p>x</p>'.repeat(5_000)}</b></i>`)).toEqual({ cleaned: '<p>x</p>'.repeat(5_000) });
  });

  it.each(largestRichText.map((body) => [body.name, body.html]))('accepts the largest real body: %s', (_name, html) => {
    const result = outcome(html);
    expect(result).toHaveProperty('cleaned');
    if ('cleaned' in result) expect(sanitize(result.cleaned)).toBe(result.cleaned);
  });
});

describe.each(dialects)('rich-text bombs through the API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });

  it('answers 400 naming the field for 200,000 unclosed <b>, and stores nothing', async () => {
    const res = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Bomb', description: '<b>'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: TOO_DEEP,
      error: 'Bad Request',
      fields: [{ path: 'description', message: TOO_DEEP }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/faqs' })).json()).toEqual([]);
  });

  it('cleans a long body as it cleans a short one (the long one in a worker thread)', async () => {
    for (const text of ['short', 'long '.repeat(10_000)]) {
      const res = await t.injectAs({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: 'Clean', description: `<p onclick="x()">${text}</p><script>alert(1)</script>` },
      });
      expect(res.statusCode).toBe(201);
      expect((res.json() as { description: string }).description).toBe(`<p>${text}</p>`);
    }
    const deep = await t.injectAs({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Deep', description: `${'<em>'.repeat(101)}${'long '.repeat(10_000)}` },
    });
    expect(deep.json()).toMatchObject({ message: TOO_DEEP, fields: [{ path: 'description', message: TOO_DEEP }] });
  });
});
