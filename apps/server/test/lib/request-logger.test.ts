import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogger } from '../../src/lib/request-logger.ts';

/** A server logging JSON lines at `level` into an array, each request's logger made by requestLogger. */
async function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: requestLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  };
  app.get('/quiet', async (request) => {
    request.log.info('left out at warn');
    return 'ok';
  });
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 1 }, 'kept');
    request.log.error('kept too');
    return 'ok';
  });
  await app.ready();
  return { app, lines, children: () => children };
}

describe("a request's logger", () => {
  it('makes no child logger for a request that writes no line at the kept level', async () => {
    const { app, lines, children } = await serverLoggingAt('warn');
    const answer = await app.inject({ url: '/quiet', headers: { 'x-request-id': 'r-1' } });
    expect(answer.statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes a kept line with the request's id, making one child for the request", async () => {
    const { app, lines, children } = await serverLoggingAt('warn');
    await app.inject({ url: '/loud' });
    await app.inject({ url: '/quiet' });
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.msg, typeof line.reqId, line.detail])).toEqual([
      ['kept', 'string', 1],
      ['kept too', 'string', undefined],
    ]);
    expect(lines[0]?.reqId).toBe(lines[1]?.reqId);
    await app.close();
  });

  it('writes every line at a level that keeps them, as a child logger would', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => [line.msg, typeof line.reqId])).toEqual([['left out at warn', 'string']]);
    await app.close();
  });
});
