// Promise 21 of the security testing plan: authority ends with its holder, and no token or secret reaches a log line.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingFor } from '../../src/lib/logging.ts';
import { buildTestApp, dialects, type TestApp } from '../helper.ts';
import { previewToken } from '../publishing/publishing-helpers.ts';

describe.each(dialects)('authority ends with its holder (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const { logger } = await loggingFor({ logFormat: 'json', logLevel: 'info' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ dialect, logger: { ...(logger as object), stream } });
  });
  afterAll(() => t.close());

  it('logs request URLs with the preview token and any other secret parameter hidden', async () => {
    const token = await previewToken(t);
    lines.length = 0;
    const urls = [
      `/api/faqs?preview=${token}`,
      `/api/faqs?limit=5&preview=${token}&offset=0`,
      `/api/faqs?access_token=${token}&api%5Fkey=${token}`,
    ];
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
    expect(logged).toEqual([
      '/api/faqs?preview=[redacted]',
      '/api/faqs?limit=5&preview=[redacted]&offset=0',
      '/api/faqs?access_token=[redacted]&api%5Fkey=[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(token);
  });
});
