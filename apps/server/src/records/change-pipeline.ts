import type { ChangeGate } from './change-gate.ts';

/**
 * What every change to a record goes through on its way to being stored, built once by the app (app.ts) and handed
 * to each write in its context: the gate that may refuse it.
 */
export interface ChangePipeline {
  gate: ChangeGate;
}

/** Who makes a change, and the pipeline it goes through; a write route's context is one. */
export interface Changer {
  username: string;
  changes: ChangePipeline;
  /** A schedule coming due acts for the user who set it. */
  scheduled?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one change pipeline: every write it makes goes through it. */
    changePipeline: ChangePipeline;
  }
}
