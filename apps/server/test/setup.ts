import { afterAll } from 'vitest';
import { closeOpenTestApps } from './open-test-apps.ts';

afterAll(closeOpenTestApps);
