import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The limit: plain node:http answering the list's bytes from memory, and a write that parses its
 * body and answers without storing anything. Usage: node raw-http.ts PORT LIST_FILE
 */
const port = Number(process.argv[2]);
const list = readFileSync(String(process.argv[3]));
const listHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': list.length };

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, listHeaders).end(list);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const record = { id: 1, ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as object) };
    const body = JSON.stringify(record);
    response
      .writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
      .end(body);
  });
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
