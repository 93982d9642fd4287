import type { ChangeGate } from './change-gate.ts';
import type { ChangeParticipants } from './store-change.ts';

/**
 * What every change to a record goes through on its way to being stored, built once by the app (app.ts) and handed
 * to each write in its context: the gate that may refuse it, and what is written with it once let through.
 */
export interface ChangePipeline {
  gate: ChangeGate;
  participants: ChangeParticipants;
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
