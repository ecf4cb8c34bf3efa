// Tests' measure of how long a computation holds the event loop (worker threads, issue 57).

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
export async function longestStall(work: () => Promise<unknown> | unknown) {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(timer);
  return { longest, took };
}
