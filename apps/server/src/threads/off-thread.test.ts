import { describe, expect, it } from 'vitest';
import {
  type AlphaMetric,
  type AlphaUnit,
  alphaInterval,
  intervalUnit,
} from '../features/agreement/krippendorff.ts';
import { bootstrapTopK, seededUniform } from '../features/top-k/bootstrap.ts';
import type { BootstrapInput } from '../features/top-k/bootstrap-input.ts';
import { longestStall } from '../test/longest-stall.ts';
import { offThread } from './off-thread.ts';

const bootstrap = offThread<BootstrapInput, Float64Array<ArrayBuffer>>(
  new URL('../features/top-k/bootstrap-worker.ts', import.meta.url),
);
const interval = offThread<
  { units: AlphaUnit[]; metric: AlphaMetric; draws: number; seed: number },
  { low: number; high: number } | null
>(new URL('../features/agreement/interval-worker.ts', import.meta.url));

/** 600 items × 60 judges, each judge rating about half: a bootstrap of a few hundred ms. */
function selectionInput(): BootstrapInput {
  const random = seededUniform(7);
  const nbItems = 600;
  const judgeStart = new Int32Array(61);
  const items: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < 60; j++) {
    for (let i = 0; i < nbItems; i++) {
      if (random() < 0.5) {
        items.push(i);
        values.push(Math.round(random() * 10));
      }
    }
    judgeStart[j + 1] = items.length;
  }
  const selection = {
    mean: true,
    scale: 10,
    weight: 1,
    items: Int32Array.from({ length: nbItems }, (_, i) => i),
    judgeStart,
    judgeItems: Int32Array.from(items),
    judgeValues: Float64Array.from(values),
  };
  return { nbItems, selections: [selection], k: 10, draws: 1000, seed: 3, decimals: 2, merged: false };
}

describe('heavy computations on worker threads', () => {
  it('computes the top k’s bootstrap off the event loop, with the same shares bit for bit', async () => {
    const input = selectionInput();
    await bootstrap(selectionInput()); // the worker's start, once per process
    let here: Float64Array | undefined;
    let there: Float64Array | undefined;
    const onThread = await longestStall(() => {
      here = bootstrapTopK(input);
    });
    const onWorker = await longestStall(async () => {
      there = await bootstrap(input);
    });
    expect(Array.from(there ?? [])).toEqual(Array.from(here ?? []));
    // Both sides measured in this run: the loop stalled for the whole computation here, not on the worker.
    expect(onThread.longest).toBeGreaterThan(0.8 * onThread.took);
    // Half the stall on the loop: a loaded machine deschedules the process for tens of ms whatever runs.
    expect(onWorker.longest).toBeLessThan(Math.max(50, onThread.longest / 2));
  });

  it('computes α’s interval off the event loop, as computed here', async () => {
    const random = seededUniform(11);
    const units = Array.from({ length: 2000 }, () => {
      const a = random() * 10;
      const b = random() * 10;
      return intervalUnit(2, a + b, a * a + b * b);
    });
    const expected = alphaInterval(units, 'interval', { draws: 200, seed: 31 });
    expect(await interval({ units, metric: 'interval', draws: 200, seed: 31 })).toEqual(expected);
  });

  it('fails a call whose computation throws, with the worker’s message, and answers the next', async () => {
    const broken = { ...selectionInput(), selections: null } as unknown as BootstrapInput;
    await expect(bootstrap(broken)).rejects.toThrow(/^bootstrap-worker\.ts: /);
    const shares = await bootstrap({ ...selectionInput(), draws: 10 });
    expect(shares.length).toBe(600);
  });
});
