import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Watches the answer about to be written on `response` and hands it to `keep` when it is a 200 written as Fastify
 * writes a body held in memory: writeHead with every header, then end with the bytes. Anything else (another status,
 * a stream, a header set on the response before, as a draining server's Connection: close) is not handed on.
 */
export function captureAnswer(
  response: ServerResponse,
  keep: (headers: OutgoingHttpHeaders, body: Buffer) => void,
): void {
  const { writeHead, end } = response;
  let headers: OutgoingHttpHeaders | undefined;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const [status, given] = args;
    if (args.length === 2 && status === 200 && isHeaderObject(given) && this.getHeaderNames().length === 0)
      headers = { ...given };
    return (writeHead as (...all: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    const [body] = args;
    if (headers !== undefined && Buffer.isBuffer(body)) keep(headers, body);
    return (end as (...all: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
}

const isHeaderObject = (value: unknown): value is OutgoingHttpHeaders =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
