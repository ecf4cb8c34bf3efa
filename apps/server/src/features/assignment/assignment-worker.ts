import { serve } from '../../threads/serve.ts';
import { type SolveInput, type SolveOutput, solveAssignment } from './solve.ts';
import { affinityMatrix, matchedOn, pairScore, textModel } from './text-affinity.ts';

export type WorkerInput =
  | { kind: 'solve'; input: SolveInput }
  | { kind: 'text'; items: string[]; expertise: string[] }
  | { kind: 'explain'; items: string[]; expertise: string[]; pairs: [number, number][]; max: number };

export type WorkerOutput =
  | { kind: 'solve'; output: SolveOutput; ms: number }
  | { kind: 'text'; affinity: Float32Array<ArrayBuffer> }
  | { kind: 'explain'; scores: number[]; terms: string[][] };

/** The assignment's CPU-heavy steps, each pure: text affinities, their explanations, the solver. */
export function compute(job: WorkerInput): WorkerOutput {
  if (job.kind === 'solve') {
    const started = performance.now();
    const output = solveAssignment(job.input);
    return { kind: 'solve', output, ms: performance.now() - started };
  }
  const model = textModel(job.items, job.expertise);
  if (job.kind === 'text')
    return { kind: 'text', affinity: affinityMatrix(model) as Float32Array<ArrayBuffer> };
  return {
    kind: 'explain',
    scores: job.pairs.map(([i, j]) => pairScore(model, i, j)),
    terms: job.pairs.map(([i, j]) => matchedOn(model, i, j, job.max)),
  };
}

serve(compute, (output) =>
  output.kind === 'solve'
    ? [output.output.assigned.buffer as ArrayBuffer]
    : output.kind === 'text'
      ? [output.affinity.buffer]
      : [],
);
