import { availableParallelism } from 'node:os';

/**
 * Test files run at once, in every project of `npm test`: Vitest reads it per project (a root setting is not handed
 * down, and a project left without one runs one file at a time on 2 cores), and every project of a run must say the
 * same. The default, one worker fewer than the cores, runs the files one by one on 2 cores, while the server's files
 * spend much of their time waiting on fsync, child processes and PostgreSQL: one worker more than the cores keeps
 * them busy. Capped so that the PostgreSQL suites' connection pools stay well inside the server's default limit of
 * 100 connections.
 */
export const testWorkers = Math.min(4, availableParallelism() + 1);
