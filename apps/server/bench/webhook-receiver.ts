import { createServer } from 'node:http';

/**
 * A webhook receiver that answers 200 at once and keeps nothing, so a delivery costs the sender
 * alone. Usage: node webhook-receiver.ts PORT
 */
const port = Number(process.argv[2]);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-length': 0 }).end());
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
