import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mocked API every console test runs against; tests add per-case handlers with `server.use`. */
export const server = setupServer(...handlers);
