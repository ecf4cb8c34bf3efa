// What the page benches share (`public-pages.ts`, `admin-pages.ts`): the 4G profile, the builds to compare,
// a browser context whose traffic is counted through Chromium's CDP with the cache off, the machine's load.
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';

/** Chromium's emulation: 1 MB/s down, 750 KB/s up, 150 ms latency. */
export const FOUR_G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1024 * 1024,
  uploadThroughput: 750 * 1024,
};

/** Each page's loads per build (BENCH_REPEATS): a loaded machine needs more than two to show a ratio. */
export const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);

/** The builds to compare, by name; one (E2E_WEB_DIST or apps/web/dist) unless WEB_DISTS names several. */
export const BUILDS = (process.env.WEB_DISTS ?? `build=${process.env.E2E_WEB_DIST ?? ''}`)
  .split(',')
  .map((entry) => {
    const [name = '', dist = ''] = entry.split('=');
    return { name, dist };
  });

/** The order of the builds on a pass: they take turns going first, so that neither always meets the same moment. */
export const buildOrder = (pass: number) =>
  pass % 2 === 0 ? [...BUILDS.keys()] : [...BUILDS.keys()].reverse();

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** What a page downloaded, as sent (compressed, headers included), counted by CDP since `meter`. */
export interface Traffic {
  bytes: number;
  requests: number;
  /** The scripts fetched, by URL path, and their bytes. */
  scripts: Map<string, number>;
  /** When the last reply finished, in ms after the first request. */
  lastByteMs: number;
  /** Each request's URL path and when it was sent and finished, in ms after the first request. */
  waterfall: { path: string; sentMs: number; doneMs?: number; bytes?: number }[];
}

/**
 * Turns the page's cache off, applies the 4G profile and counts its traffic. `mainThreadMs` reads the
 * main thread's time so far (CDP Performance.getMetrics): all tasks, and script among them.
 */
export async function meter(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  const traffic: Traffic = { bytes: 0, requests: 0, scripts: new Map(), lastByteMs: 0, waterfall: [] };
  const urls = new Map<string, string>();
  const steps = new Map<string, Traffic['waterfall'][number]>();
  let firstRequestAt: number | undefined;
  cdp.on(
    'Network.requestWillBeSent',
    (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      traffic.requests += 1;
      firstRequestAt ??= event.timestamp;
      urls.set(event.requestId, event.request.url);
      const { pathname, search } = new URL(event.request.url);
      const step = { path: pathname + search, sentMs: (event.timestamp - firstRequestAt) * 1000 };
      steps.set(event.requestId, step);
      traffic.waterfall.push(step);
    },
  );
  cdp.on(
    'Network.loadingFinished',
    (event: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      traffic.bytes += event.encodedDataLength;
      traffic.lastByteMs = (event.timestamp - (firstRequestAt ?? event.timestamp)) * 1000;
      const step = steps.get(event.requestId);
      if (step) Object.assign(step, { doneMs: traffic.lastByteMs, bytes: event.encodedDataLength });
      const url = urls.get(event.requestId);
      if (url && /\.js$/.test(new URL(url).pathname))
        traffic.scripts.set(new URL(url).pathname, event.encodedDataLength);
    },
  );
  return {
    traffic,
    /** Counting starts again from here (a journey's later page). */
    reset() {
      Object.assign(traffic, { bytes: 0, requests: 0, lastByteMs: 0, waterfall: [] });
      traffic.scripts.clear();
      firstRequestAt = undefined;
    },
    /** Samples the page's JavaScript from here (CDP Profiler, every 100 µs) until `stopProfile`. */
    async startProfile() {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    },
    async stopProfile(): Promise<CpuProfile> {
      return (await cdp.send('Profiler.stop')).profile;
    },
    async mainThreadMs() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (metric: string) => (metrics.find((m) => m.name === metric)?.value ?? 0) * 1000;
      return { taskMs: ms('TaskDuration'), scriptMs: ms('ScriptDuration') };
    },
  };
}

/** A CDP CPU profile: the call tree's nodes and, for each sample, the node it landed in. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Where a profile's time went, by self time: per script (its path, or V8's own work: "(program)", "(garbage
 * collector)") and the `top` functions, with their share of the sampled time.
 */
export function profileSummary(profile: CpuProfile, top = 15): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id);
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    total += ms;
    const script = frame.url ? scriptPath(frame.url) : frame.functionName || '(anonymous)';
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    perFunction.set(name, (perFunction.get(name) ?? 0) + ms);
  });
  const lines = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, ms]) =>
          `  ${ms.toFixed(0).padStart(5)} ms ${((100 * ms) / total).toFixed(0).padStart(3)} %  ${name}`,
      );
  return [
    `sampled, not idle: ${total.toFixed(0)} ms`,
    'self time by script:',
    ...lines(perScript),
    'self time by function:',
    ...lines(perFunction),
  ];
}

/** A profiled frame's script by its path; V8's own scripts ("v8/LoadTimes") are named, not URLs. */
const scriptPath = (url: string) => (URL.canParse(url) ? new URL(url).pathname : url);

/** The scripts that an index.html as served announces (its entry and `modulepreload` links), by URL path. */
export const announcedScripts = (html: string) =>
  new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map(
      (match) => new URL(match[1] ?? '', 'http://host').pathname,
    ),
  );
