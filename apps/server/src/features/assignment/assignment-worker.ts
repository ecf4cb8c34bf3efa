import { serve } from '../../threads/serve.ts';
import { type SolveInput, type SolveOutput, solveAssignment } from './solve.ts';
import { matchedOn, pairScore } from './text-affinity.ts';
import { cachedAffinity, cachedTextModel } from './text-model-cache.ts';

/** `key`: the selection whose texts these are (its model is kept while they stay the same). */
interface Texts {
  key: string;
  items: string[];
  expertise: string[];
}

export type WorkerInput =
  | { kind: 'solve'; input: SolveInput }
  | ({ kind: 'text' } & Texts)
  | ({ kind: 'explain'; pairs: [number, number][]; max: number } & Texts);

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
  const { entry } = cachedTextModel(job.key, job.items, job.expertise);
  if (job.kind === 'text') return { kind: 'text', affinity: cachedAffinity(entry) };
  const { model } = entry;
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
