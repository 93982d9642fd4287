import { afterAll } from 'vitest';
import { closeOpenTestApps } from './helper.ts';

afterAll(closeOpenTestApps);
