import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';

// Required, not imported. An ES import of a built-in module reads every one of its exports, and node:http's
// WebSocket export (read by node:https's import too) loads Node's whole fetch implementation: about 13 MB resident
// in a server that never calls fetch. Type imports of these modules cost nothing and stay as they are.
const require = createRequire(import.meta.url);

export const http = require('node:http') as typeof Http;
export const https = require('node:https') as typeof Https;
