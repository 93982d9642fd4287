import { type ChangeGate, allowEveryChange } from './records/change-gate.ts';
import type { ChangePipeline } from './records/change-pipeline.ts';

/** The pipeline every change goes through, with `gate` deciding which may be stored (by default, every one). */
export function changePipeline(gate: ChangeGate = allowEveryChange): ChangePipeline {
  return { gate };
}
