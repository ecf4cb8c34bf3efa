/** Milliseconds that `work` took. */
export async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * An app figure and its floor as the medians of `samples` calls of each, the two taking turns going first:
 * a single call of about 100 ms on this shared 2-core machine moved by as much as 2× from one to the next,
 * on either side. `pairs`: each sample's app / floor, the two calls side by side, which a burst of other
 * work stretches alike (issue 57, point 5).
 */
export async function pairedMedians(
  app: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  samples = 5,
): Promise<{ app: number; floor: number; pairs: number[] }> {
  const apps: number[] = [];
  const floors: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    if (sample % 2 === 0) apps.push(await timed(app));
    floors.push(await timed(floor));
    if (sample % 2 === 1) apps.push(await timed(app));
  }
  const pairs = apps.map((ms, i) => ms / (floors[i] ?? ms));
  return { app: median(apps), floor: median(floors), pairs };
}
